import type { ChangeEventHandler, ClipboardEventHandler, FocusEventHandler, InputHTMLAttributes, KeyboardEventHandler, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

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
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A text input as MUI's outlined `TextField` draws it (floating label, outline with a notch), composed of the parts
 * `TextField` is made of without its select and other variants, which bring MUI's menu, popover and modal code to
 * every page that has an input. For the forms (renderer/BaseInputTemplate.tsx), sign-in and the OTP boxes.
 */
export function TextInput({ id, label, required, disabled, error, shrinkLabel, fullWidth = true, sx, inputProps, ...input }: TextInputProps) {
  return (
    <FormControl fullWidth={fullWidth} required={required} disabled={disabled} error={error} sx={sx}>
      {label && (
        <InputLabel htmlFor={id} shrink={shrinkLabel ? true : undefined}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        // The notch in the outline is as wide as the label with its asterisk.
        label={label && required ? `${label} *` : label}
        inputProps={inputProps}
        {...input}
      />
    </FormControl>
  );
}
