import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IfscDetail } from '../../common/api/ifsc';
import { StepForm } from '../../renderer/StepForm';
import { shippedForms } from '../../schemas/registry';
import type { IfscDirectory } from '../../widgets/formServices';
import { IFSC_LOOKUP_DELAY_MS } from '../../widgets/IfscSearchWidget';

// The bank form's real schema and uiSchema: its IFSC field uses the widget.
const bankDetails = shippedForms['bank-details']!;

// Branches in the shape of the IFSC directory (rows of the shipped sample, server/reference/ifsc/).
const ABHYUDAYA = 'ABHYUDAYA COOPERATIVE BANK LIMITED';
const MANDVI: IfscDetail = {
  ifsc_code: 'ABHY0065201',
  bank_name: ABHYUDAYA,
  branch_name: 'MANDVI',
  city: 'VADODARA',
  state: 'GUJARAT',
  address: 'SHREE KRISHNA BHAVAN, NEAR CHAMPANER GATE,  3259 BANK ROAD, VADODARA 390006,',
  in_directory: true,
};
const MITHAKHALI: IfscDetail = { ...MANDVI, ifsc_code: 'ABHY0065202', branch_name: 'MITHAKHALI', city: 'AHMEDABAD', address: 'JAYMANGAL HOUSE, BLOCK B, ELLISBRIDGE, AHMEDABAD- 380 009.' };
const HDFC_NOT_IN_DIRECTORY: IfscDetail = { ifsc_code: 'HDFC0000001', bank_name: 'HDFC Bank', branch_name: '', city: '', state: '', address: '', in_directory: false };
/** Many banks, as the full directory has: more than a listbox may put in the page at once. */
const MANY_BANKS = [ABHYUDAYA, 'ALLAHABAD BANK', 'ANDHRA BANK', ...Array.from({ length: 1500 }, (_, n) => `BANK NUMBER ${String(n).padStart(4, '0')}`)];

/** A directory of the branches above, recording the codes it was asked to look up. */
function fakeDirectory(): IfscDirectory & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    detail: async (ifsc) => {
      lookups.push(ifsc);
      return [MANDVI, MITHAKHALI, HDFC_NOT_IN_DIRECTORY].find((branch) => branch.ifsc_code === ifsc) ?? null;
    },
    bankNames: async () => MANY_BANKS,
    states: async (bankName) => (bankName === ABHYUDAYA ? ['GUJARAT', 'KARNATAKA', 'MAHARASHTRA'] : []),
    cities: async (_bankName, state) => (state === 'GUJARAT' ? ['AHMEDABAD', 'VADODARA'] : []),
    branches: async (_bankName, _state, city) => (city === 'VADODARA' ? [MANDVI] : [MITHAKHALI]),
  };
}

/** The bank form with the IFSC directory given through the form's services, as the step screen gives the API's. */
function renderIfsc({ change }: { change?: (directory: IfscDirectory) => IfscDirectory } = {}) {
  const directory = fakeDirectory();
  const onChange = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepForm schema={bankDetails.schema} uiSchema={bankDetails.uiSchema} formData={{}} onSubmit={vi.fn()} onChange={onChange} services={{ ifsc: change?.(directory) ?? directory }} />
    </SWRConfig>,
  );
  return { lookups: directory.lookups, onChange, input: screen.getByRole('textbox', { name: /IFSC Code/ }) };
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
    expect(lookups).toEqual([]); // the list gave the branch: no lookup
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
    renderIfsc({ change: (directory) => ({ ...directory, bankNames: () => Promise.reject(new Error('Something went wrong')) }) });
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
    expect(lookups).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(lookups).toEqual(['ABHY0065201']);
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
    expect(lookups).toEqual([]);
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
