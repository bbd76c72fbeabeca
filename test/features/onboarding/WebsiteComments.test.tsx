import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebsiteComments } from '../../../src/features/onboarding/WebsiteComments';
import type { Merchant } from '../../../src/shared/api/types';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const WEBSITE = '44444444-5555-4666-8777-888888888888';
const merchant: Merchant = {
  uuid: UUID,
  mid: 8800001,
  website_detail: {
    uuid: WEBSITE,
    comments: [{ id: 1, comment: 'Please show that the domain is registered to your company.', commenter: 'reviewer', created_at: '2026-11-20T10:00:00Z' }],
  },
};

function renderComments({ mayAct, permitted }: { mayAct: boolean; permitted: boolean }) {
  const calls = mockFetch(({ method, url }) =>
    method === 'POST' && url === `/api/v1/website_details/${WEBSITE}/comments` ? { body: { message: 'Thanks for the reply. We will get back to you.', merchant } } : undefined,
  );
  render(<WebsiteComments merchant={merchant} mayAct={mayAct} permitted={permitted} onChanged={vi.fn()} />);
  return { calls, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('the website comment thread', () => {
  it('sends a reply with the spec\'s thanks', async () => {
    const { calls, user } = renderComments({ mayAct: true, permitted: true });
    await user.type(screen.getByLabelText('Your reply'), 'The invoice is attached.');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    expect(await screen.findByText('Thanks for the reply. We will get back to you.')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ comment: { comment: 'The invoice is attached.' } }]);
  });

  it('shows a member without the permission the reply box; SEND opens the no-access modal, keeps the reply and sends nothing', async () => {
    const { calls, user } = renderComments({ mayAct: false, permitted: false });
    expect(screen.getByText('Please show that the domain is registered to your company.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your reply'), 'The invoice is attached.');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    const modal = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
    await user.click(within(modal).getByRole('button', { name: 'Ok, got it!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Your reply')).toHaveValue('The invoice is attached.');
    expect(calls).toEqual([]);
  });

  it('shows the thread without a reply box while the step is not open to a member who holds the permission', () => {
    renderComments({ mayAct: false, permitted: true });
    expect(screen.getByText('Please show that the domain is registered to your company.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
  });
});
