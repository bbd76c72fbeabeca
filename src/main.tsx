import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './shared/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SWRConfig } from 'swr';
import { App } from './app/App';
import { HANDOFF_PATHS, HandoffScreen } from './app/handoffScreens';
import { theme } from './app/theme';
import { track } from './shared/analytics/analytics';
import { startHostMessaging } from './shared/host/hostMessaging';
import { captureEntryParams } from './shared/session/entryParams';
import { DelayedLoader } from './shared/ui/DelayedLoader';
import { startInChosenLanguage } from './shared/ui/language';

const cleaned = captureEntryParams(new URL(window.location.href));
if (cleaned !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(null, '', cleaned);
// The lead-tracking parameters kept for the session go to analytics once (sendAnalytics.ts drops a repeat).
if (sessionStorage.getItem('leadParams') !== '{}') track('lead_params');

// Which embedding pages may hear from the app (host messages go to them only): read beside the start.
void startHostMessaging();

// The hand-off screens live outside /app (/account/service_login, /account/service_logout).
const handoff = HANDOFF_PATHS.includes(window.location.pathname);

// Texts first (a chosen language other than English loads its catalogue), then the app.
void startInChosenLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SWRConfig value={{ shouldRetryOnError: false }}>
          {handoff ? (
            <Suspense fallback={<DelayedLoader />}>
              <HandoffScreen />
            </Suspense>
          ) : (
            <BrowserRouter basename="/app">
              <App />
            </BrowserRouter>
          )}
        </SWRConfig>
      </ThemeProvider>
    </StrictMode>,
  ),
);
