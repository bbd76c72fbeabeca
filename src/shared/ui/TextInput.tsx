import type { ChangeEventHandler, ClipboardEventHandler, FocusEventHandler, InputHTMLAttributes, KeyboardEventHandler, Ref } from 'react';
import { CONTROL_CLASS, OutlinedField } from './OutlinedField';

export interface TextInputProps {
  id: string;
  name?: string;
  /** The visible label, a real `<label for>`; none for an input named by `aria-label` in `inputProps`. */
  label?: string;
  value: string | number;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  onPaste?: ClipboardEventHandler<HTMLInputElement>;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** Keeps the label above the input (inputs that always show something, such as a date). */
  shrinkLabel?: boolean;
  /** Attributes of the `<input>` itself (maxLength, inputMode, aria-describedby…). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}` | `aria-${string}`, unknown>;
  inputRef?: Ref<HTMLInputElement>;
  /** A CSS width (an OTP box); full width when absent. */
  width?: string;
}

/**
 * A text input as MUI's outlined `TextField` draws it (floating label, outline with a notch), drawn by
 * {@link OutlinedField}: for the forms (renderer/BaseInputTemplate.tsx), sign-in and the OTP boxes.
 */
export function TextInput({ id, label, required, disabled, error, shrinkLabel, width, inputProps, inputRef, value, ...input }: TextInputProps) {
  return (
    <OutlinedField id={id} label={label} required={required} disabled={disabled} error={error} shrink={shrinkLabel || value !== ''} width={width}>
      <input
        {...inputProps}
        {...input}
        id={id}
        ref={inputRef}
        className={CONTROL_CLASS}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error || undefined}
        type={input.type ?? 'text'}
      />
    </OutlinedField>
  );
}
