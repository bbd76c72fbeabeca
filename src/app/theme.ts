import { createTheme } from '@mui/material/styles';

/** Dark text on the light status colours: white on MUI's orange (3.1:1) and light blue (3.9:1) fails WCAG AA for chip-sized text. */
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';

/**
 * The product theme: readable on small phones, 16 px inputs so iOS does not zoom, status colours
 * with AA contrast, and buttons at least 44 px high (a thumb's tap target).
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b6e4f' },
    secondary: { main: '#1d4ed8' },
    warning: { main: '#ed6c02', contrastText: DARK_TEXT },
    info: { main: '#0288d1', contrastText: DARK_TEXT },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
  components: {
    MuiInputBase: { styleOverrides: { input: { fontSize: 16 } } },
    MuiButton: { styleOverrides: { root: { minHeight: 44 } } },
    // No scroll anchoring: the browser kept a node it had chosen (a button's ripple, replaced as a click began) in place
    // by moving the page under the pointer between the press and the release, and the click missed its button.
    MuiCssBaseline: { styleOverrides: { html: { overflowAnchor: 'none' } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    // A radio or checkbox with its label is 44 px high: the theme's 9 px padding around a 24 px icon makes 42.
    MuiRadio: { styleOverrides: { root: { padding: 10 } } },
    MuiCheckbox: { styleOverrides: { root: { padding: 10 } } },
    // MUI renders the subtitle styles as h6 by default: a description or a label would then be a heading to screen
    // readers, out of order. Headings say so themselves (`component="h2"` …).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
  },
});
