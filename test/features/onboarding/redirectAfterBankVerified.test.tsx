import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from '../../../src/shared/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_AFTER_VERIFIED_MS, useRedirectAfterBankVerified } from '../../../src/features/onboarding/penny/useRedirectAfterBankVerified';

function Page({ verified, onBankStep = true, dialog = false }: { verified: boolean; onBankStep?: boolean; dialog?: boolean }) {
  useRedirectAfterBankVerified(verified, '/onboarding/website', onBankStep);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>at {location.pathname}</p>
      <button onClick={() => navigate('/onboarding')}>Profile</button>
      {dialog && <div role="dialog" aria-label="Agreement" />}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the move after the bank is verified', () => {
  it('goes to the rules\' route 3 s after the bank becomes verified, once: not again after the merchant moves on', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Page verified={false} />
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Page verified />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_VERIFIED_MS));
    expect(screen.getByText('at /onboarding/website')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_VERIFIED_MS * 2));
    expect(screen.getByText('at /onboarding')).toBeInTheDocument();
  });

  /** Renders the page on the profile, then the bank verified with `then`'s props. */
  function verifyWhile(before: { onBankStep?: boolean; dialog?: boolean }, after: { onBankStep?: boolean; dialog?: boolean } = before) {
    vi.useFakeTimers();
    const { rerender } = render(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Page verified={false} {...before} />
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Page verified {...before} />
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Page verified {...after} />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_VERIFIED_MS * 2));
  }

  it('moves nobody who is elsewhere (another tab or step) when the verification arrives', () => {
    verifyWhile({ onBankStep: false });
    expect(screen.getByText('at /onboarding')).toBeInTheDocument();
  });

  it('leaves a merchant who moved to another step within the 3 s where they are', () => {
    verifyWhile({ onBankStep: true }, { onBankStep: false });
    expect(screen.getByText('at /onboarding')).toBeInTheDocument();
  });

  it('never moves a merchant from under an open dialog', () => {
    verifyWhile({ onBankStep: true }, { onBankStep: true, dialog: true });
    expect(screen.getByText('at /onboarding')).toBeInTheDocument();
  });
});
