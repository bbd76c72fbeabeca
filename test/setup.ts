import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadFormWidgets } from '../renderer/StepForm';
import { loadAllStepValidators } from '../renderer/stepValidators';
import { setAnalyticsProvider } from '../src/shared/analytics/sendAnalytics';

// MUI asks for media queries (useMediaQuery, transitions); jsdom has no layout, so nothing ever matches.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// The app loads a step's precompiled validators with its screen (src/features/onboarding/stepScreens.ts); components
// and renderer tests render forms directly, so every step's are loaded before them.
await loadAllStepValidators();
// So are the widgets the app loads once a form has shown (radio groups, checkboxes, the OTP boxes: widgets/lazyWidget.tsx).
await loadFormWidgets();

// Analytics goes nowhere in these tests: a screen's event is sent when the page is idle, which may be in the next
// test, whose stubbed fetch would record it as one of its calls (test/shared/analytics/ sets its own provider).
setAnalyticsProvider({ send: async () => undefined });

// findBy* and waitFor give up after 1 s by default: on a busy machine a lazily loaded step screen takes longer.
// Waiting longer costs nothing when the page is right; the test timeout still ends a wait that never ends.
configure({ asyncUtilTimeout: 20_000 });

// Vitest runs these files without isolation (vitest.config.ts), in one jsdom: Testing Library registers
// its own cleanup only in the first file that imports it, so every file unmounts here, and both storages
// start empty for every test.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
