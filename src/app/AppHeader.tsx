import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { authApi } from '../shared/api/auth';
import { clearSession } from '../shared/session/session';
import { t } from '../shared/ui/t';

/** The top bar: product name and Logout (ends the server session, clears local data, goes to /app). */
export function AppHeader({ title }: { title: string }) {
  const logout = async () => {
    await authApi.logout().catch(() => undefined);
    clearSession();
    window.location.assign('/app/account');
  };
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography component="p" variant="h6" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {title}
        </Typography>
        <Button onClick={logout}>{t('auth.logout')}</Button>
      </Toolbar>
    </AppBar>
  );
}
