import type { ReactNode } from 'react';
import { CONTROL_CLASS, REQUIRED_MARK, useFieldStyles } from './fieldStyles';

/**
 * The frame of an outlined field as MUI's outlined `TextField` draws it (floating label, outline with a notch for
 * the label, hover, focus, error and disabled colours from the theme), from plain elements and one stylesheet per
 * theme. MUI's `FormControl`, `InputLabel`, `OutlinedInput` and `NotchedOutline` are styled components: each computes,
 * serializes and hashes its styles on every render, about ten per field, which was most of the time a 300-field form
 * took to show. Here a field's render is its elements and class names; the look lives in `fieldStyles.ts`.
 *
 * The label floats above the outline while the field is focused (`:focus-within`), filled (`shrink`) or autofilled.
 * It is a real `<label for>`; the outline and its notch are `aria-hidden`.
 */
export function OutlinedField({ id, label, required, disabled, error, shrink, width, className, children }: OutlinedFieldProps) {
  useFieldStyles();
  const classes = ['ob-field', shrink && 'ob-field--shrink', error && 'ob-field--error', disabled && 'ob-field--disabled', className].filter(Boolean).join(' ');
  return (
    <div className={classes} style={width ? { width } : undefined}>
      {label && (
        <label className="ob-field__label" htmlFor={id}>
          {label}
          {required && (
            <span aria-hidden="true" className="ob-field__asterisk">
              {REQUIRED_MARK}
            </span>
          )}
        </label>
      )}
      <div className="ob-field__box">
        {children}
        <fieldset aria-hidden="true" className="ob-field__outline">
          <legend className={label ? 'ob-field__legend' : 'ob-field__legend ob-field__legend--empty'}>
            {label ? <span>{required ? `${label}${REQUIRED_MARK}` : label}</span> : <span className="notranslate">{'\u200b'}</span>}
          </legend>
        </fieldset>
      </div>
    </div>
  );
}

export interface OutlinedFieldProps {
  /** The control's id, which the label is for. */
  id: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** Keeps the label above the control: it shows something (a value, a date's placeholder, a select). */
  shrink?: boolean;
  /** A CSS width; full width when absent. */
  width?: string;
  className?: string;
  /** The control, with the class {@link CONTROL_CLASS}. */
  children: ReactNode;
}

export { CONTROL_CLASS };
