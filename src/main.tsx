import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SWRConfig } from 'swr';
import { App } from './app/App';
import { theme } from './app/theme';
import { loadEmbedOrigins } from './shared/host/hostMessaging';
import { captureEntryParams } from './shared/session/entryParams';
import { startInChosenLanguage } from './shared/ui/language';

const cleaned = captureEntryParams(new URL(window.location.href));
if (cleaned !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(null, '', cleaned);

// Which embedding pages may hear from the app (host messages go to them only): read beside the start.
void loadEmbedOrigins();

// Texts first (a chosen language other than English loads its catalogue), then the app.
void startInChosenLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SWRConfig value={{ shouldRetryOnError: false }}>
          <BrowserRouter basename="/app">
            <App />
          </BrowserRouter>
        </SWRConfig>
      </ThemeProvider>
    </StrictMode>,
  ),
);
