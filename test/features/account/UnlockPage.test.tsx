import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UnlockPage from '../../../src/features/account/UnlockPage';
import { mockFetch } from '../../fetchMock';
import { renderScreenAt } from '../renderScreen';

type Answer = { status?: number; body?: unknown };
function renderAt(entry: string, answer: Answer = { body: { message: 'Your account is unlocked. You can sign in again.' } }) {
  const calls = mockFetch(({ url, method }) => (url === '/api/v1/user/unlock' && method === 'POST' ? answer : undefined));
  const where = renderScreenAt(entry, '/account/unlock', <UnlockPage />);
  return { calls, where, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UnlockPage', () => {
  it('opens from the unlock link with the identity and code filled in, sends nothing until Unlock is pressed, then offers sign-in', async () => {
    const { calls, where, user } = renderAt('/account/unlock?identity=asha%40example.com&code=ABCDEFGHJKMNPQRS');
    expect(screen.getByRole('heading', { level: 1, name: 'Unlock your account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail or mobile number/)).toHaveValue('asha@example.com');
    expect(screen.getByLabelText(/Unlock code/)).toHaveValue('ABCDEFGHJKMNPQRS');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your account is unlocked. You can sign in again.');
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/v1/user/unlock', body: { identity: 'asha@example.com', code: 'ABCDEFGHJKMNPQRS' } },
    ]);
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(where()).toBe('/account');
  });

  it("shows the server's text for a code that is not valid, and keeps the form to try again", async () => {
    const text = 'This unlock code is not valid, or it has expired or been used.';
    const { user } = renderAt('/account/unlock', { status: 422, body: { messages: { code: [text] }, error: text } });
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeDisabled();
    await user.type(screen.getByLabelText(/E-mail or mobile number/), '9876500001');
    await user.type(screen.getByLabelText(/Unlock code/), 'wrongcode');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });
});
