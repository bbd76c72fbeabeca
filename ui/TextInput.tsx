import type { ChangeEventHandler, ClipboardEventHandler, FocusEventHandler, InputHTMLAttributes, KeyboardEventHandler, Ref } from 'react';
import { CONTROL_CLASS, OutlinedField } from './OutlinedField';
import { WRAPPED_CLASS } from './fieldStyles';

/** How many characters a read-only value may have before it wraps (about a line of a 360 px wide field). */
const WRAP_LONGER_THAN = 28;

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
  // A value shown read-only is shown whole: a long one (a company's PAN name, an address line) wraps instead of being
  // cut at the field's edge on a phone. Its height follows its lines (CSS field-sizing; else the rows guessed here).
  if (disabled && typeof value === 'string' && value.length > WRAP_LONGER_THAN && (input.type ?? 'text') === 'text') {
    return (
      <OutlinedField id={id} label={label} required={required} disabled error={error} shrink width={width}>
        <textarea
          id={id}
          name={input.name}
          className={`${CONTROL_CLASS} ${WRAPPED_CLASS}`}
          value={value}
          rows={Math.min(4, Math.ceil(value.length / WRAP_LONGER_THAN))}
          readOnly
          disabled
          aria-describedby={inputProps?.['aria-describedby'] as string | undefined}
          aria-invalid={error || undefined}
        />
      </OutlinedField>
    );
  }
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
