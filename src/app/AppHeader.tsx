import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { authApi } from '../shared/api/auth';
import { sendToHost } from '../shared/host/hostMessaging';
import { clearSession } from '../shared/session/session';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch';
import { t } from '../shared/ui/t';

/**
 * The top bar: the product's mark and name, the merchant's name under it (wrapped, never cut: long business names
 * are common), and Logout (ends the server session, clears local data, goes to /app). The page's own heading is the
 * page's `h1`; the bar names the product, not the page.
 */
export function AppHeader({ merchantName }: { merchantName?: string }) {
  const logout = async () => {
    await authApi.logout().catch(() => undefined);
    clearSession();
    // A native app or an embedding page closes its view of the app.
    sendToHost({ event: 'Logout' });
    window.location.assign('/app/account');
  };
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5, py: 1 }}>
        <Box
          aria-hidden
          sx={{ width: 36, height: 36, flexShrink: 0, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 20 }}
        >
          ₹
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="p" variant="subtitle2" color="text.secondary">
            {t('app.name')}
          </Typography>
          {merchantName && (
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {merchantName}
            </Typography>
          )}
        </Box>
        <LanguageSwitch />
        <Button onClick={logout}>{t('auth.logout')}</Button>
      </Toolbar>
    </AppBar>
  );
}
