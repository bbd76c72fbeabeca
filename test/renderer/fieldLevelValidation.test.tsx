import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createValidator, type FieldValidator } from '../../renderer/createValidator';
import { StepForm } from '../../renderer/StepForm';
import { shippedForms } from '../../schemas/registry';

// The KYC address step as built (its validators compiled at build time, field validators included), on a plain form.
const { schema } = shippedForms.kyc!;
const uiSchema = { 'ui:submitButtonOptions': { submitText: 'Submit' } };

const submit = () => screen.getByRole('button', { name: 'Submit' });
const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('live validation after a failed submit', () => {
  it('checks an edited field alone once the whole form has been checked, and shows what the whole form would', async () => {
    const validator = createValidator(schema) as ReturnType<typeof createValidator> & FieldValidator;
    const wholeForm = vi.spyOn(validator, 'rawValidation');
    const fieldAlone = vi.spyOn(validator, 'validateField');
    const user = userEvent.setup();
    render(<StepForm schema={schema} uiSchema={uiSchema} formData={{ registration_address: {} }} onSubmit={vi.fn()} />);

    await user.click(submit());
    const pincode = () => field('root_registration_address_pincode');
    await waitFor(() => expect(pincode()).toHaveAccessibleDescription('This field cannot be left blank'));

    // The first edit after the submit checks the whole form once (the submit's errors carry no index by field).
    await user.type(pincode(), '5');
    expect(pincode()).toHaveAccessibleDescription('Invalid Pincode');
    const wholeFormChecks = wholeForm.mock.calls.length;

    await user.type(pincode(), '6000');
    expect(pincode()).toHaveAccessibleDescription('Invalid Pincode');
    await user.type(pincode(), '1');
    expect(pincode()).not.toHaveAccessibleDescription('Invalid Pincode');
    await user.clear(pincode());
    expect(pincode()).toHaveAccessibleDescription('This field cannot be left blank');
    // Every later keystroke checked the pincode alone; the other fields kept their errors.
    expect(wholeForm.mock.calls.length).toBe(wholeFormChecks);
    expect(fieldAlone.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(fieldAlone.mock.calls.every(([path]) => path.join('.') === 'registration_address.pincode')).toBe(true);
    expect(field('root_registration_address_city')).toHaveAccessibleDescription('This field cannot be left blank');
  });

  it('checks the whole form for a field another rule depends on (a condition names it)', () => {
    const validator = createValidator(schema) as ReturnType<typeof createValidator> & FieldValidator;
    expect(validator.validateField(['registration_address', 'pincode'], '560001')).toEqual([]);
    expect(validator.validateField(['operating_address', 'pincode'], '560001')).toBeUndefined();
    expect(validator.validateField(['same_as_registration'], true)).toBeUndefined();
  });
});
