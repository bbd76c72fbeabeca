import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createValidator, type FieldValidator } from '../../renderer/createValidator';
import { StepForm } from '../../renderer/StepForm';
import { shippedForms } from '../../schemas/registry';

// The signing authority step as built (its validators compiled at build time, field validators included), on a plain form.
const { schema } = shippedForms['signing-authority']!;
const uiSchema = { 'ui:submitButtonOptions': { submitText: 'Submit' } };

const submit = () => screen.getByRole('button', { name: 'Submit' });
const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('live validation after a failed submit', () => {
  it('checks an edited field alone once the whole form has been checked, and shows what the whole form would', async () => {
    const validator = createValidator(schema) as ReturnType<typeof createValidator> & FieldValidator;
    const wholeForm = vi.spyOn(validator, 'rawValidation');
    const fieldAlone = vi.spyOn(validator, 'validateField');
    const user = userEvent.setup();
    render(<StepForm schema={schema} uiSchema={uiSchema} formData={{}} onSubmit={vi.fn()} />);

    await user.click(submit());
    const pan = () => field('root_pancard_number');
    await waitFor(() => expect(pan()).toHaveAccessibleDescription('This field cannot be left blank'));

    // The first edit after the submit checks the whole form once (the submit's errors carry no index by field).
    await user.type(pan(), 'A');
    expect(pan()).toHaveAccessibleDescription('PAN Number is invalid');
    const wholeFormChecks = wholeForm.mock.calls.length;

    await user.type(pan(), 'BCPV');
    expect(pan()).toHaveAccessibleDescription('PAN Number is invalid');
    await user.type(pan(), '1234K');
    expect(pan()).not.toHaveAccessibleDescription('PAN Number is invalid');
    await user.clear(pan());
    expect(pan()).toHaveAccessibleDescription('This field cannot be left blank');
    // Every later keystroke checked the PAN alone; the other fields kept their errors.
    expect(wholeForm.mock.calls.length).toBe(wholeFormChecks);
    expect(fieldAlone.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(fieldAlone.mock.calls.every(([path]) => path.join('.') === 'pancard_number')).toBe(true);
    expect(field('root_name')).toHaveAccessibleDescription('This field cannot be left blank');
  });

  it('checks the whole form for a field another rule depends on (a condition names it)', () => {
    const validator = createValidator(schema) as ReturnType<typeof createValidator> & FieldValidator;
    expect(validator.validateField(['pancard_number'], 'ABCPV1234K')).toEqual([]);
    expect(validator.validateField(['cin_number'], 'U72200MH2009PTC123456')).toBeUndefined();
    // The KYC step's registered address: its check against the signatory's address names it.
    const kyc = createValidator(shippedForms.kyc!.schema) as ReturnType<typeof createValidator> & FieldValidator;
    expect(kyc.validateField(['registration_address', 'pincode'], '560001')).toBeUndefined();
    expect(kyc.validateField(['same_as_registration'], true)).toBeUndefined();
  });
});
