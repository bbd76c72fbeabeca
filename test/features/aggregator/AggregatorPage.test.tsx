import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AggregatorPage from '../../../src/features/aggregator/AggregatorPage';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';
import { renderScreenAt } from '../renderScreen';

const AGGREGATOR = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const OTHER = '1a2b3c4d-3a55-4a43-9d0e-2b1f6f0f7a12';
const KIRANA = '2b3c4d5e-3a55-4a43-9d0e-2b1f6f0f7a13';
const TAILOR = '3c4d5e6f-3a55-4a43-9d0e-2b1f6f0f7a14';

const flags = (fields: Record<string, unknown>) => ({
  completed: false, incomplete: false, locked: false, lockedReason: null, editable: false, hidden: false, error: false, omitted: false, todo: false, reason: null, waitingFor: null, appearedBecause: null, ...fields,
});
const CHILDREN = [
  { uuid: KIRANA, mid: 8800011, name: 'Meera Kirana', business_name: 'MEERA KIRANA STORES', product: 'PayUmoney' },
  { uuid: TAILOR, mid: 8800012, name: null, business_name: null, product: null },
];
const KIRANA_VIEW = {
  ...CHILDREN[0],
  steps: [
    { id: 'pan-details', ...flags({ completed: true }) },
    { id: 'business-details', ...flags({ todo: true, incomplete: true, editable: true }) },
    { id: 'bank-details', ...flags({ locked: true, lockedReason: 'onboarding.locked.pan' }) },
  ],
  progress: { done: 1, total: 3 },
};

interface Answers {
  children?: { status: number; body: unknown };
  child?: { status: number; body: unknown };
}
function renderAt(entry: string, answers: Answers = {}) {
  const calls = mockFetch(({ url }) => {
    if (url === '/api/v1/merchants')
      return { body: { merchants: [{ uuid: AGGREGATOR, mid: 8800010, name: 'Bharat Collect', pancard_number: null }, { uuid: OTHER, mid: 8800020, name: 'Other', pancard_number: null }] } };
    if (url === `/api/v1/merchants/${AGGREGATOR}/children`) return answers.children ?? { status: 200, body: { children: CHILDREN } };
    if (url === `/api/v1/merchants/${AGGREGATOR}/children/${KIRANA}`) return answers.child ?? { status: 200, body: { child: KIRANA_VIEW } };
    return undefined;
  });
  const where = renderScreenAt(entry, '/aggregator', <AggregatorPage />);
  return { calls, where, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('AggregatorPage', () => {
  it('lists the children of the current merchant, each a link that sets childUUID', async () => {
    renderAt('/aggregator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Child merchants' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Child merchants' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/aggregator?childUUID=${KIRANA}`, `/aggregator?childUUID=${TAILOR}`]);
    expect(links[0]).toHaveTextContent('Meera Kirana');
    expect(links[0]).toHaveTextContent('MID 8800011');
    expect(links[0]).toHaveTextContent('Product: PayUmoney');
    expect(links[1]).toHaveTextContent('Unnamed merchant');
  });

  it('asks for the children of the merchant chosen for the session', async () => {
    saveSession({ access_token: 't', expires_in: 3600, merchant_uuid: OTHER });
    const { calls } = renderAt('/aggregator', { children: { status: 404, body: {} } });
    await screen.findByRole('alert');
    expect(calls.map((call) => call.url)).toContain(`/api/v1/merchants/${OTHER}/children`);
    expect(calls.map((call) => call.url)).not.toContain(`/api/v1/merchants/${AGGREGATOR}/children`);
  });

  it('opens a child: name, MID, product and each step with the status its own stepper shows', async () => {
    const { user } = renderAt('/aggregator');
    await user.click(await screen.findByRole('link', { name: /Meera Kirana/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Kirana' })).toBeInTheDocument();
    expect(screen.getByText('MID 8800011')).toBeInTheDocument();
    expect(screen.getByText('Product: PayUmoney')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 steps done')).toBeInTheDocument();
    const status = (step: string) => document.querySelector(`[data-step="${step}"]`)?.getAttribute('data-status');
    expect([status('pan-details'), status('business-details'), status('bank-details')]).toEqual(['Completed', 'To do', 'Locked']);
    expect(screen.getByText('Complete PAN details first')).toBeInTheDocument();
    expect(document.querySelector('[data-step="kyc"]')).toBeNull();
  });

  it('shows the child read-only: no field, no button on the page', async () => {
    renderAt(`/aggregator?childUUID=${KIRANA}`);
    await screen.findByRole('heading', { level: 1, name: 'Meera Kirana' });
    const main = screen.getByRole('main');
    expect(within(main).queryAllByRole('textbox')).toEqual([]);
    expect(within(main).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'All child merchants' })).toHaveAttribute('href', '/aggregator');
  });

  it('says when the current merchant is not an aggregator (the children call answers 404)', async () => {
    renderAt('/aggregator', { children: { status: 404, body: { error: 'The requested record was not found.', code: 'NOT_FOUND' } } });
    expect(await screen.findByText('This page is for aggregator merchants. Bharat Collect is not an aggregator, so it has no child merchants to show.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /MID/ })).toBeNull();
  });

  it('says so for a childUUID as well, without asking for the child', async () => {
    const { calls } = renderAt(`/aggregator?childUUID=${KIRANA}`, { children: { status: 404, body: {} } });
    expect(await screen.findByText(/is not an aggregator/)).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain(`/api/v1/merchants/${AGGREGATOR}/children/${KIRANA}`);
  });

  it('refuses a member whose role cannot read the profile with the no-access text', async () => {
    renderAt('/aggregator', { children: { status: 403, body: { code: 'FORBIDDEN' } } });
    expect(await screen.findByText('Oops! You dont have access to this feature.')).toBeInTheDocument();
  });

  it('says when the childUUID is not one of its children', async () => {
    renderAt(`/aggregator?childUUID=${KIRANA}`, { child: { status: 404, body: {} } });
    expect(await screen.findByText('This merchant is not one of your child merchants.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All child merchants' })).toBeInTheDocument();
  });

  it('says when there are no children yet', async () => {
    renderAt('/aggregator', { children: { status: 200, body: { children: [] } } });
    expect(await screen.findByText('You have no child merchants yet.')).toBeInTheDocument();
  });
});
