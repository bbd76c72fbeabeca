import { createTheme } from '@mui/material/styles';

/** The product theme: readable on small phones, 16 px inputs so iOS does not zoom. */
export const theme = createTheme({
  palette: { primary: { main: '#0b6e4f' }, secondary: { main: '#1d4ed8' } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
  components: { MuiInputBase: { styleOverrides: { input: { fontSize: 16 } } } },
});
