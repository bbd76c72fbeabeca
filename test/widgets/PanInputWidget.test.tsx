import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm } from '../../renderer/StepForm';
import { shippedForms } from '../../schemas/registry';

const panDetails = shippedForms['pan-details']!;

function renderPanInput(formData: { pancard_number?: string } = {}) {
  const onChange = vi.fn();
  render(
    <StepForm schema={panDetails.schema} uiSchema={panDetails.uiSchema} formData={formData} onSubmit={vi.fn()} onChange={onChange} />,
  );
  return { onChange, user: userEvent.setup(), input: screen.getByRole('textbox', { name: /PAN Number/ }) };
}

describe('PanInputWidget', () => {
  it('upper-cases what is typed', async () => {
    const { user, input, onChange } = renderPanInput();

    await user.type(input, 'abcpe1234f');

    expect(input).toHaveValue('ABCPE1234F');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ pancard_number: 'ABCPE1234F' }));
  });

  it('drops spaces and stops at 10 characters', async () => {
    const { user, input } = renderPanInput();

    await user.type(input, 'abc pe 1234 fxyz');

    expect(input).toHaveValue('ABCPE1234F');
  });

  it('cleans a pasted PAN', async () => {
    const { user, input } = renderPanInput();

    await user.click(input);
    await user.paste(' abcpe 1234 f ');

    expect(input).toHaveValue('ABCPE1234F');
  });

  it('keeps the caret where the merchant is typing', async () => {
    const { user, input } = renderPanInput({ pancard_number: 'ABCE1234F' });

    await user.type(input, 'p', { initialSelectionStart: 3, initialSelectionEnd: 3 });

    expect(input).toHaveValue('ABCPE1234F');
    expect(input).toHaveProperty('selectionStart', 4);
  });

  it('asks phones for capitals and browsers for no suggestions', () => {
    const { input } = renderPanInput();

    expect(input).toHaveAttribute('autocapitalize', 'characters');
    expect(input).toHaveAttribute('autocomplete', 'off');
  });
});
