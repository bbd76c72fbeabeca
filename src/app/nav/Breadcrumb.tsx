import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { t } from '../../shared/ui/t';

/** The breadcrumb (platform spec section 2): Home, then the page's title as the current page. */
export function Breadcrumb({ home, title }: { home: string; title: string }) {
  return (
    <Box component="nav" aria-label={t('nav.breadcrumb')} sx={{ mb: 1 }}>
      <Box component="ol" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, listStyle: 'none', m: 0, p: 0, typography: 'body2' }}>
        <li>
          <Link href={home} sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: 44, minWidth: 44 }}>
            {t('nav.home')}
          </Link>
        </li>
        <Box component="li" aria-hidden sx={{ color: 'text.secondary' }}>
          /
        </Box>
        <Box component="li" aria-current="page" sx={{ color: 'text.secondary' }}>
          {title}
        </Box>
      </Box>
    </Box>
  );
}
