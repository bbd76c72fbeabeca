import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from '../../../src/shared/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_AFTER_VERIFIED_MS, useRedirectAfterBankVerified } from '../../../src/features/onboarding/penny/useRedirectAfterBankVerified';

function Page({ verified }: { verified: boolean }) {
  useRedirectAfterBankVerified(verified, '/onboarding/website');
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>at {location.pathname}</p>
      <button onClick={() => navigate('/onboarding')}>Profile</button>
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
});
