import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpBoxes } from '../../widgets/OtpBoxesWidget';
import { StepForm } from '../../renderer/StepForm';
import type { JsonSchema, UiSchema } from '../../schemas/types';
import { allowRuntimeCompilation } from '../../renderer/createValidator';
import { runtimeValidator } from '../renderer/runtimeValidator';
import { inlineRefs } from '../../schemas/inlineRefs';
import { stepSchemaFiles } from '../../schemas/registry';

// The made-up form below is no step of schemas/registry.ts, so it has no validator compiled at build time.
allowRuntimeCompilation(runtimeValidator);

function renderOtpBoxes() {
  const onChange = vi.fn<(value: string) => void>();
  function Harness() {
    const [value, setValue] = useState('');
    return (
      <OtpBoxes
        id="otp"
        label="Enter the 4-digit OTP"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  render(<Harness />);
  const digit = (n: number) => screen.getByRole('textbox', { name: `OTP digit ${n}` });
  return { onChange, digit, user: userEvent.setup() };
}

describe('OtpBoxes', () => {
  it('shows four boxes, each named, in a group named by its label', () => {
    const { digit } = renderOtpBoxes();

    expect(screen.getByRole('group', { name: 'Enter the 4-digit OTP' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(digit(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(digit(1)).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves to the next box as each digit is typed and joins the digits', async () => {
    const { user, digit, onChange } = renderOtpBoxes();

    await user.click(digit(1));
    await user.keyboard('1');
    expect(digit(2)).toHaveFocus();

    await user.keyboard('234');
    expect(onChange).toHaveBeenLastCalledWith('1234');
    expect([1, 2, 3, 4].map((n) => (digit(n) as HTMLInputElement).value)).toEqual(['1', '2', '3', '4']);
  });

  it('ignores anything but digits', async () => {
    const { user, digit, onChange } = renderOtpBoxes();

    await user.click(digit(1));
    await user.keyboard('a-1 b');

    expect(onChange).toHaveBeenLastCalledWith('1');
    expect(digit(1)).toHaveValue('1');
    expect(digit(2)).toHaveValue('');
  });

  it('fills every box from a pasted code', async () => {
    const { user, digit, onChange } = renderOtpBoxes();

    await user.click(digit(3));
    await user.paste('12 34');

    expect(onChange).toHaveBeenLastCalledWith('1234');
    expect(digit(4)).toHaveValue('4');
    expect(digit(4)).toHaveFocus();
  });

  it('goes back a box on Backspace in an empty box', async () => {
    const { user, digit, onChange } = renderOtpBoxes();
    await user.click(digit(1));
    await user.keyboard('12');
    expect(digit(3)).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(digit(2)).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith('1');
    await user.keyboard('{Backspace}');
    expect(digit(1)).toHaveFocus();
  });

  it('writes the first digit typed into a later box into the first free one, so the code has no holes', async () => {
    const { user, digit, onChange } = renderOtpBoxes();

    await user.click(digit(4));
    await user.keyboard('7');

    expect(onChange).toHaveBeenLastCalledWith('7');
    expect(digit(1)).toHaveValue('7');
    expect(digit(2)).toHaveFocus();
  });
});

describe('OtpBoxesWidget', () => {
  const schema: JsonSchema = inlineRefs(
    {
      $id: 'https://onboarding.local/schemas/test/otp.json',
      type: 'object',
      required: ['otp'],
      properties: { otp: { $ref: '../definitions.json#/$defs/otp' } },
    },
    stepSchemaFiles,
  );
  const uiSchema: UiSchema = { otp: { 'ui:widget': 'OtpBoxesWidget', 'ui:title': 'auth.otp.label' } };

  it('submits the joined code of an rjsf form', async () => {
    const onSubmit = vi.fn();
    render(<StepForm schema={schema} uiSchema={uiSchema} formData={{}} onSubmit={onSubmit} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('textbox', { name: 'OTP digit 1' }));
    await user.keyboard('4321');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ otp: '4321' }));
  });

  it('shows the field\'s error under the boxes', async () => {
    render(<StepForm schema={schema} uiSchema={uiSchema} formData={{}} onSubmit={vi.fn()} />);
    const user = userEvent.setup();

    expect(screen.getByRole('group', { name: /Enter the 4-digit OTP/ })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'OTP digit 1' }));
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('This field cannot be left blank')).toBeInTheDocument();
  });
});
