import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreenAt } from '../renderScreen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assessmentQuestions } from '../../../schemas/registry';
import AssessmentPage from '../../../src/features/assessment/AssessmentPage';
import { mockFetch } from '../../fetchMock';

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const MID = 8800002;
const QUESTIONS = { assessment_questions: assessmentQuestions.assessment_questions, customer_redirect: assessmentQuestions.customer_redirect };

function renderPage({ questions = () => ({ body: QUESTIONS }) }: { questions?: () => { status?: number; body?: unknown } } = {}) {
  const calls = mockFetch(({ method, url }) => {
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: MID, name: 'Asha Verma', pancard_number: null }] } };
    if (url === '/api/v1/assessment_questions') return questions();
    if (method === 'POST' && url === `/api/v1/merchants/${MID}/assessment_responses`) return { status: 201, body: {} };
    return undefined;
  });
  const where = renderScreenAt('/assessment', "/assessment", <AssessmentPage />);
  return { calls, user: userEvent.setup(), where };
}

afterEach(() => vi.unstubAllGlobals());

describe('AssessmentPage', () => {
  it('shows a loading indicator, then greets the merchant and asks what describes them, Confirm disabled until chosen', async () => {
    renderPage();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Asha Verma,' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Please select what describes you best' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('offers on step 2 only the options of the chosen category; Go Back keeps the answer, a new answer clears the ticks', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: /Developer/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('heading', { name: 'What are you looking for from the provider?' })).toBeInTheDocument();
    expect(screen.getByText('Select all that applies')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([expect.stringContaining('APIs and SDKs'), expect.stringContaining('Plugins')]);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Plugins/ }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Plugins/ }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Plugins/ }));
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('radio', { name: /Developer/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Business owner/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('sends the answers, then goes to /welcome', async () => {
    const { calls, user, where } = renderPage();
    await user.click(await screen.findByRole('radio', { name: /Business owner/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('checkbox', { name: /Payment links/ }));
    await user.click(screen.getByRole('checkbox', { name: /Invoices/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(where()).toBe('/welcome'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      assessment_responses: [
        { assessment_question_id: 1, selected_options: [101], category: 'Business' },
        { assessment_question_id: 2, selected_options: [201, 203] },
      ],
    });
  });

  it('sends a Customer to the help site', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: /Customer/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('checkbox', { name: /Refund status/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(assessmentQuestions.customer_redirect));
  });

  it('goes to /welcome when the questions fail to load', async () => {
    const { where } = renderPage({ questions: () => ({ status: 500, body: {} }) });
    await waitFor(() => expect(where()).toBe('/welcome'));
  });
});
