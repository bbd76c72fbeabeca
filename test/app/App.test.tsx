import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '../../src/shared/router';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { saveSession } from '../../src/shared/session/session';
import { mockFetch } from '../fetchMock';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

/** The app under /app, with the sign-in screen replaced by a marker of where the user landed. */
function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account" element={<Where />} />
        <Route path="/onboarding" element={<Where />} />
        <Route path="/welcome" element={<Where />} />
        <Route path="*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('App routes', () => {
  it('sends a user without a session from a guarded route to /account with redirectTo', async () => {
    renderAt('/penny-details?x=1');
    expect(await screen.findByText('at /account?redirectTo=%2Fpenny-details%3Fx%3D1')).toBeInTheDocument();
  });

  it('loads the merchant before a rule that reads it: a merchant of another product is sent from /bank-details to /onboarding', async () => {
    saveSession({ access_token: 'tok', expires_in: 3600 });
    mockFetch(({ url }) => {
      if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: 'm1', mid: 42, name: null, pancard_number: null }] } };
      if (url === '/api/v1/merchants/m1') return { body: { merchant: { uuid: 'm1', mid: 42, product: 'PayUbiz' } } };
      return undefined;
    });
    renderAt('/bank-details');
    expect(await screen.findByText('at /onboarding')).toBeInTheDocument();
  });

  it('shows the partner authorize screen at /oauth/authorize once signed in', async () => {
    saveSession({ access_token: 'tok', expires_in: 3600 });
    renderAt('/oauth/authorize');
    expect(await screen.findByRole('heading', { level: 1, name: 'This request cannot be completed' })).toBeInTheDocument();
  });
});
