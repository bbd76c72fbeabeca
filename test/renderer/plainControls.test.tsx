import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowRuntimeCompilation } from '../../renderer/createValidator';
import { StepForm } from '../../renderer/StepForm';
import type { JsonSchema } from '../../schemas/types';
import { TextInput } from '../../ui/TextInput';
import { runtimeValidator } from './runtimeValidator';

// A made-up form: validated by Ajv at run time (the shipped steps' validators are precompiled).
allowRuntimeCompilation(runtimeValidator);

// The controls drawn from plain elements (OutlinedField, the checkbox widget): what screen readers, autofill and the
// stylesheet read from them.
const schema: JsonSchema = {
  $id: 'https://onboarding.local/test/plain-controls.json',
  type: 'object',
  required: ['name', 'consent'],
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1 },
    role: { type: 'string', title: 'Role', enum: ['Partner', 'Director'] },
    years: { type: 'integer', title: 'Years' },
    consent: { type: 'boolean', title: 'I agree', const: true },
    newsletter: { type: 'boolean', title: 'Newsletter' },
  },
};

function renderForm(onSubmit = vi.fn()) {
  render(<StepForm schema={schema} uiSchema={{ 'ui:submitButtonOptions': { submitText: 'Submit' } }} formData={{}} onSubmit={onSubmit} />);
  return { user: userEvent.setup(), onSubmit };
}

describe('controls drawn from plain elements', () => {
  it('labels each input with a real label, marks required ones, and floats the label once there is a value', async () => {
    const { user } = renderForm();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toBeRequired();
    expect(document.querySelector(`label[for="${name.id}"]`)).toHaveTextContent('Name *');
    const frame = name.closest('.ob-field')!;
    expect(frame).not.toHaveClass('ob-field--shrink');
    await user.type(name, 'Asha');
    expect(frame).toHaveClass('ob-field--shrink');
    // A select always shows something: its label stays above it.
    expect(screen.getByRole('combobox', { name: /^Role/ }).closest('.ob-field')).toHaveClass('ob-field--shrink');
    expect(screen.getByRole('spinbutton', { name: /^Years/ })).not.toBeRequired();
    // One stylesheet for the page, however many fields.
    expect(document.querySelectorAll('style[data-fields]')).toHaveLength(1);
  });

  it('draws a boolean as a native checkbox, required (with its asterisk) only when true is required', async () => {
    const { user } = renderForm();
    const consent = screen.getByRole('checkbox', { name: /I agree/ });
    expect(consent).toBeRequired();
    expect(consent.closest('label')).toHaveTextContent('I agree *');
    const newsletter = screen.getByRole('checkbox', { name: 'Newsletter' });
    expect(newsletter).not.toBeRequired();
    await user.click(newsletter);
    expect(newsletter).toBeChecked();
    expect(newsletter.closest('label')).toHaveClass('ob-check--checked');
  });

  it('marks the fields of a failed submit invalid, red, and described by their errors', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.closest('.ob-field')).toHaveClass('ob-field--error');
    expect(name).toHaveAccessibleDescription(/.+/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a checkbox's error in the error colour, and names the error in its description", () => {
    render(<StepForm schema={schema} uiSchema={{}} formData={{}} onSubmit={vi.fn()} fieldErrors={{ newsletter: ['Choose whether to subscribe'] }} />);
    const newsletter = screen.getByRole('checkbox', { name: 'Newsletter' });
    expect(newsletter.closest('label')).toHaveClass('ob-check--error');
    expect(newsletter).toHaveAccessibleDescription('Choose whether to subscribe');
  });

  it('gives a text input without a visible label no empty label, and a disabled one no focus', () => {
    render(<TextInput id="digit" value="" inputProps={{ 'aria-label': 'Digit 1' }} disabled />);
    const digit = screen.getByRole('textbox', { name: 'Digit 1' });
    expect(document.querySelector('label')).toBeNull();
    expect(digit).toBeDisabled();
    expect(digit.closest('.ob-field')).toHaveClass('ob-field--disabled');
  });
});
