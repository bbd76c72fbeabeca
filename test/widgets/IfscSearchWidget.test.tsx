import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepForm } from '../../renderer/StepForm';
import { shippedForms } from '../../schemas/registry';
import { saveSession } from '../../src/shared/session/session';
import { IFSC_LOOKUP_DELAY_MS } from '../../widgets/IfscSearchWidget';
import { mockFetch } from '../fetchMock';

// The bank form's real schema and uiSchema: its IFSC field uses the widget.
const bankDetails = shippedForms['bank-details']!;

// Answers in the shape of GET /api/v1/ifsc_details/... (rows of the shipped sample, server/reference/ifsc/).
const ABHYUDAYA = 'ABHYUDAYA COOPERATIVE BANK LIMITED';
const MANDVI = {
  ifsc_code: 'ABHY0065201',
  bank_name: ABHYUDAYA,
  branch_name: 'MANDVI',
  city: 'VADODARA',
  state: 'GUJARAT',
  address: 'SHREE KRISHNA BHAVAN, NEAR CHAMPANER GATE,  3259 BANK ROAD, VADODARA 390006,',
  in_directory: true,
};
const MITHAKHALI = { ...MANDVI, ifsc_code: 'ABHY0065202', branch_name: 'MITHAKHALI', city: 'AHMEDABAD', address: 'JAYMANGAL HOUSE, BLOCK B, ELLISBRIDGE, AHMEDABAD- 380 009.' };
/** Many banks, as the full directory has: more than a listbox may put in the page at once. */
const MANY_BANKS = [ABHYUDAYA, 'ALLAHABAD BANK', 'ANDHRA BANK', ...Array.from({ length: 1500 }, (_, n) => `BANK NUMBER ${String(n).padStart(4, '0')}`)];

type Answer = { status?: number; body?: unknown };

function answerIfsc(url: string): Answer | undefined {
  const [path = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  if (path === '/api/v1/ifsc_details/bank_names') return { body: { bank_names: MANY_BANKS } };
  if (path === '/api/v1/ifsc_details/states' && query.get('bank_name') === ABHYUDAYA) return { body: { states: ['GUJARAT', 'KARNATAKA', 'MAHARASHTRA'] } };
  if (path === '/api/v1/ifsc_details/states') return { body: { states: [] } };
  if (path === '/api/v1/ifsc_details/cities' && query.get('state') === 'GUJARAT') return { body: { cities: ['AHMEDABAD', 'VADODARA'] } };
  if (path === '/api/v1/ifsc_details/cities') return { body: { cities: [] } };
  if (path === '/api/v1/ifsc_details/branches' && query.get('city') === 'VADODARA') return { body: { ifsc_details: [MANDVI] } };
  if (path === '/api/v1/ifsc_details/branches') return { body: { ifsc_details: [MITHAKHALI] } };
  if (path === '/api/v1/ifsc_details/ABHY0065201') return { body: { ifsc_detail: MANDVI } };
  if (path === '/api/v1/ifsc_details/HDFC0000001') {
    return { body: { ifsc_detail: { ifsc_code: 'HDFC0000001', bank_name: 'HDFC Bank', branch_name: '', city: '', state: '', address: '', in_directory: false } } };
  }
  if (path.startsWith('/api/v1/ifsc_details/')) return { status: 404, body: { error: 'No data found for this IFSC.', code: 'IFSC_NOT_FOUND' } };
  return undefined;
}

function renderIfsc({ override }: { override?: (url: string) => Answer | undefined } = {}) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ url }) => override?.(url) ?? answerIfsc(url));
  const onChange = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepForm schema={bankDetails.schema} uiSchema={bankDetails.uiSchema} formData={{}} onSubmit={vi.fn()} onChange={onChange} />
    </SWRConfig>,
  );
  const lookups = () => calls.filter((call) => /^\/api\/v1\/ifsc_details\/[A-Z0-9]{11}$/.test(call.url));
  return { calls, lookups, onChange, input: screen.getByRole('textbox', { name: /IFSC Code/ }) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, typed: string, option: string) {
  const select = screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await waitFor(() => expect(select).toBeEnabled());
  await user.click(select);
  await user.type(select, typed);
  await user.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: new RegExp(`^${option}`) }));
}

/** Fakes setTimeout only: React's scheduler runs on setImmediate in Node, and must keep running. */
const useFakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
/** toHaveTextContent compares with runs of spaces collapsed. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('IfscSearchWidget', () => {
  it('fills the IFSC from the bank, state, city and branch chosen in the search', async () => {
    const { input, onChange, lookups } = renderIfsc();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Find your IFSC' }));
    const dialog = await screen.findByRole('dialog', { name: 'IFSC search' });
    expect(within(dialog).getByRole('button', { name: 'Use this IFSC' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /^State/ })).toBeDisabled();

    await choose(user, 'Bank name', 'abhy', ABHYUDAYA);
    await choose(user, 'State', 'guj', 'GUJARAT');
    await choose(user, 'City', 'vad', 'VADODARA');
    await choose(user, 'Branch', 'man', 'MANDVI');
    expect(within(dialog).getByText('IFSC: ABHY0065201')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use this IFSC' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).toHaveValue('ABHY0065201');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ ifsc_code: 'ABHY0065201' })));
    const detail = screen.getByRole('status', { name: 'Branch of this IFSC' });
    expect(detail).toHaveTextContent(`${ABHYUDAYA}, MANDVI`);
    expect(detail).toHaveTextContent(collapsed(MANDVI.address));
    expect(lookups()).toEqual([]); // the list gave the branch: no lookup
  });

  it('works with the keyboard alone', async () => {
    const { input } = renderIfsc();
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: 'Find your IFSC' }).focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'IFSC search' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Bank name/ })).toHaveFocus());

    for (const [label, typed, expected] of [
      ['Bank name', 'abhyudaya', ABHYUDAYA],
      ['State', 'gujarat', 'GUJARAT'],
      ['City', 'vadodara', 'VADODARA'],
      ['Branch', 'mandvi', 'MANDVI'],
    ] as const) {
      const select = within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) });
      await waitFor(() => expect(select).toBeEnabled());
      if (label !== 'Bank name') await user.tab();
      expect(select).toHaveFocus();
      await user.keyboard(typed);
      await within(await screen.findByRole('listbox')).findByRole('option', { name: new RegExp(`^${expected}`) });
      await user.keyboard('{Enter}');
      expect(select).toHaveValue(expected);
    }
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Use this IFSC' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).toHaveValue('ABHY0065201');
  });

  it('clears the state, city and branch when another bank is chosen', async () => {
    renderIfsc();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find your IFSC' }));
    await choose(user, 'Bank name', 'abhy', ABHYUDAYA);
    await choose(user, 'State', 'guj', 'GUJARAT');
    await choose(user, 'City', 'ahm', 'AHMEDABAD');

    const bank = screen.getByRole('combobox', { name: /^Bank name/ });
    await user.clear(bank);
    await choose(user, 'Bank name', 'allahabad', 'ALLAHABAD BANK');

    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^City/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^City/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Branch/ })).toBeDisabled();
  });

  it('puts only the banks in view in the page, and finds any of them by typing', async () => {
    renderIfsc();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find your IFSC' }));
    const bank = screen.getByRole('combobox', { name: /^Bank name/ });
    await user.click(bank);
    await user.keyboard('{ArrowDown}');

    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: ABHYUDAYA });
    expect(within(listbox).getAllByRole('option').length).toBeLessThan(50);
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', String(MANY_BANKS.length));

    await user.type(bank, 'number 1499');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['BANK NUMBER 1499']);
    await user.keyboard('{Enter}');
    expect(bank).toHaveValue('BANK NUMBER 1499');
  });

  it('says "No options" when a list fails to load, with no error shown', async () => {
    renderIfsc({ override: (url) => (url.endsWith('/bank_names') ? { status: 500, body: { error: 'Something went wrong' } } : undefined) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find your IFSC' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await user.click(screen.getByRole('combobox', { name: /^Bank name/ }));
    expect(await screen.findByText('No options')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('looks up a typed code once typing pauses and shows its branch', async () => {
    useFakeTimeouts();
    const { input, lookups } = renderIfsc();

    fireEvent.change(input, { target: { value: 'abhy 0065201' } });
    expect(input).toHaveValue('ABHY0065201');
    await act(() => vi.advanceTimersByTimeAsync(IFSC_LOOKUP_DELAY_MS - 1));
    expect(lookups()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(lookups().map((call) => call.url)).toEqual(['/api/v1/ifsc_details/ABHY0065201']);
    vi.useRealTimers();

    const detail = screen.getByRole('status', { name: 'Branch of this IFSC' });
    await waitFor(() => expect(detail).toHaveTextContent(`${ABHYUDAYA}, MANDVI`));
    expect(detail).toHaveTextContent(collapsed(MANDVI.address));
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('stops at 11 characters and asks nothing for an incomplete code', async () => {
    useFakeTimeouts();
    const { input, lookups } = renderIfsc();
    fireEvent.change(input, { target: { value: 'abhy006520' } });
    await act(() => vi.advanceTimersByTimeAsync(IFSC_LOOKUP_DELAY_MS * 2));
    expect(lookups()).toEqual([]);
    fireEvent.change(input, { target: { value: 'ABHY00652012' } });
    expect(input).toHaveValue('ABHY0065201');
  });

  it('names the bank of a real code the directory lacks', async () => {
    const { input } = renderIfsc();
    await userEvent.setup().type(input, 'HDFC0000001');
    const detail = screen.getByRole('status', { name: 'Branch of this IFSC' });
    await waitFor(() => expect(detail).toHaveTextContent('HDFC Bank'));
    expect(detail).toHaveTextContent('Branch details are not available for this IFSC');
  });

  it('puts "No data found for this IFSC." on the field for an unknown code', async () => {
    const { input } = renderIfsc();
    await userEvent.setup().type(input, 'abcd0123456');
    const detail = screen.getByRole('status', { name: 'Branch of this IFSC' });
    await waitFor(() => expect(detail).toHaveTextContent('No data found for this IFSC.'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
