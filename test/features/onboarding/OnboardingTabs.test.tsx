import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import variants from '../../../schemas/master/product-variants.json';
import { DOCUMENTS_TIP_SEEN, OnboardingTabs } from '../../../src/features/onboarding/OnboardingTabs';
import { renderScreenAt } from '../renderScreen';

const tabs = () => within(screen.getByRole('navigation', { name: 'Activate Your Account' })).getAllByRole('link');

describe('OnboardingTabs', () => {
  beforeEach(() => localStorage.setItem(DOCUMENTS_TIP_SEEN, 'true'));

  it('adds TDR Billing History, a link to the dashboard, for a merchant of the now product', () => {
    renderScreenAt('/onboarding', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: false }} product="PayUnow" />);
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Profile', 'Website', 'TDR Billing History']);
    expect(screen.getByRole('link', { name: 'TDR Billing History' })).toHaveAttribute('href', variants.variants.now.links.tdrBillingHistory);
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(['PayUbiz', 'PayUmoney', undefined])('has no TDR Billing History for product %s', (product) => {
    renderScreenAt('/onboarding/documents', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: true }} product={product} />);
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Profile', 'Website', 'Documents']);
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the Documents tab tip', () => {
  it('shows once there are documents to upload now, until Okay, Got it! is pressed, and not again', async () => {
    localStorage.removeItem(DOCUMENTS_TIP_SEEN);
    renderScreenAt('/onboarding', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: true }} documentsDue />);
    expect(screen.getByRole('status')).toHaveTextContent('Ready to upload');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAccessibleDescription('Ready to upload');
    await userEvent.click(screen.getByRole('button', { name: 'Okay, Got it!' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Documents' })).not.toHaveAttribute('aria-describedby');
    expect(localStorage.getItem(DOCUMENTS_TIP_SEEN)).toBe('true');
    cleanup();
    renderScreenAt('/onboarding', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: true }} documentsDue />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not say "Ready to upload" while there is nothing to upload yet (the tab shows from the first screen)', () => {
    localStorage.removeItem(DOCUMENTS_TIP_SEEN);
    renderScreenAt('/onboarding', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: true }} documentsDue={false} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Documents' })).not.toHaveAttribute('aria-describedby');
    expect(localStorage.getItem(DOCUMENTS_TIP_SEEN)).toBeNull();
  });

  it('does not show while the Documents tab is hidden, and ends once the tab is opened', () => {
    localStorage.removeItem(DOCUMENTS_TIP_SEEN);
    renderScreenAt('/onboarding', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: false }} documentsDue />);
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderScreenAt('/onboarding/documents', '/onboarding/*', <OnboardingTabs visibility={{ website: true, documents: true }} documentsDue />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.getItem(DOCUMENTS_TIP_SEEN)).toBe('true');
  });
});
