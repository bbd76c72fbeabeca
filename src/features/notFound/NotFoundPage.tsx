import { Link as RouterLink } from '../../shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { t } from '../../shared/ui/t';

interface NotFoundProps {
  heading?: string;
  subHeading?: string;
  /** Whether the go-back button shows (default yes). */
  goBack?: boolean;
  goBackLabel?: string;
  /** Where the go-back button leads, under /app (default /account, the sign-in and session check). */
  redirectPath?: string;
}

/**
 * The not-found page of any unknown path under /app (platform spec section 2): heading (default 404), sub-heading,
 * lead-in Oops and an optional go-back button (default Go Back) to a redirect path (default /app/account).
 */
export default function NotFoundPage({ heading = t('notFound.heading'), subHeading = t('notFound.subHeading'), goBack = true, goBackLabel = t('notFound.goBack'), redirectPath = '/account' }: NotFoundProps) {
  return (
    <Box component="main" sx={{ p: 3, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
      {/* The spec's words as written (Oops, Go Back), not upper-cased by the theme. */}
      <Typography variant="overline" component="p" sx={{ textTransform: 'none', fontSize: '1rem' }}>
        {t('notFound.leadIn')}
      </Typography>
      <Typography variant="h2" component="h1">
        {heading}
      </Typography>
      <Typography sx={{ my: 2 }}>{subHeading}</Typography>
      {goBack && (
        <Button component={RouterLink} to={redirectPath} variant="contained" sx={{ textTransform: 'none' }}>
          {goBackLabel}
        </Button>
      )}
    </Box>
  );
}
