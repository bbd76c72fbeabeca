import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { t } from '../../shared/ui/t';

interface NotFoundProps {
  heading?: string;
  subHeading?: string;
  goBackLabel?: string;
  redirectPath?: string;
}

/** The not-found page: heading (404), sub-heading, lead-in Oops and a go-back button (platform spec section 2). */
export default function NotFoundPage({ heading = t('notFound.heading'), subHeading = t('notFound.subHeading'), goBackLabel = t('notFound.goBack'), redirectPath = '/account' }: NotFoundProps) {
  return (
    <Box component="main" sx={{ p: 3, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
      <Typography variant="overline" component="p">
        {t('notFound.leadIn')}
      </Typography>
      <Typography variant="h2" component="h1">
        {heading}
      </Typography>
      <Typography sx={{ my: 2 }}>{subHeading}</Typography>
      <Button component={RouterLink} to={redirectPath} variant="contained">
        {goBackLabel}
      </Button>
    </Box>
  );
}
