import { useId, useRef, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import { TextInput } from '../ui/TextInput';
import type { WidgetProps } from '@rjsf/utils';
import { catalogueFor, message, type Catalogue } from '../schemas/messages';

/** The props of {@link OtpBoxes}. */
export interface OtpBoxesProps {
  /** The id of the first box; the others get `<id>-<n>`. */
  id: string;
  /** The digits entered so far, joined (`'12'` while two of four are filled). */
  value: string;
  onChange(value: string): void;
  /** The number of boxes. */
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The visible label of the group of boxes. */
  label: string;
  required?: boolean;
  error?: boolean;
  catalogue?: Catalogue;
}

/**
 * One box per OTP digit, for sign-in and any OTP a step asks for: a digit moves on to the next box, Backspace on an
 * empty box goes back, a pasted or autofilled code fills the boxes, anything but digits is ignored.
 */
export function OtpBoxes({
  id,
  value,
  onChange,
  length = 4,
  disabled,
  autoFocus,
  label,
  required,
  error,
  catalogue = catalogueFor(),
}: OtpBoxesProps) {
  const labelId = `${useId()}-label`;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = value.replace(/\D/g, '').slice(0, length);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  /** Writes `entered` from box `index` on (never past the digits so far, so the value has no holes). */
  const write = (index: number, entered: string) => {
    const start = Math.min(index, digits.length);
    const next = (digits.slice(0, start) + entered + digits.slice(start + entered.length)).slice(0, length);
    onChange(next);
    focusBox(start + entered.length);
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const old = digits[index] ?? '';
    const typed = event.target.value.replace(/\D/g, '');
    // The box still holds its old digit next to the one just typed; one-time-code autofill brings the whole code.
    const entered = old && typed.length === 2 ? typed.replace(old, '') : typed;
    if (entered) write(index, entered.slice(0, length));
    else if (event.target.value === '') onChange(digits.slice(0, index) + digits.slice(index + 1));
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < digits.length) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, length);
    if (pasted) write(pasted.length === length ? 0 : index, pasted);
  };

  return (
    <Box>
      <FormLabel id={labelId} htmlFor={id} required={required} error={error} disabled={disabled} sx={{ display: 'block', mb: 1 }}>
        {label}
      </FormLabel>
      <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', gap: 1.5 }}>
        {Array.from({ length }, (_, index) => (
          <TextInput
            key={index}
            id={index === 0 ? id : `${id}-${index + 1}`}
            inputRef={(box: HTMLInputElement | null) => {
              boxes.current[index] = box;
            }}
            value={digits[index] ?? ''}
            onChange={handleChange(index)}
            onKeyDown={handleKeyDown(index)}
            onPaste={handlePaste(index)}
            onFocus={(event) => event.target.select()}
            disabled={disabled}
            error={error}
            autoFocus={autoFocus && index === 0}
            width="3rem"
            inputProps={{
              'aria-label': message('auth.otp.digit', { n: index + 1 }, catalogue),
              inputMode: 'numeric',
              pattern: '[0-9]',
              autoComplete: index === 0 ? 'one-time-code' : 'off',
              style: { textAlign: 'center', fontSize: '1.25rem' },
            }}
          />
        ))}
      </Box>
    </Box>
  );
}

/** {@link OtpBoxes} as an rjsf widget (`"ui:widget": "OtpBoxesWidget"`, `"ui:options": { "length": 6 }`). */
export function OtpBoxesWidget({
  id,
  value,
  onChange,
  options,
  disabled,
  readonly,
  autofocus,
  label,
  required,
  rawErrors = [],
  registry,
}: WidgetProps) {
  const catalogue = (registry.formContext as { catalogue?: Catalogue } | undefined)?.catalogue;
  return (
    <OtpBoxes
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => onChange(next === '' ? options.emptyValue : next)}
      length={typeof options.length === 'number' ? options.length : undefined}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      label={label}
      required={required}
      error={rawErrors.length > 0}
      catalogue={catalogue}
    />
  );
}
