import { useInsertionEffect, type ReactNode } from 'react';
import { useTheme, type Theme } from '@mui/material/styles';

/**
 * The frame of an outlined field as MUI's outlined `TextField` draws it (floating label, outline with a notch for
 * the label, hover, focus, error and disabled colours from the theme), from plain elements and one stylesheet per
 * theme. MUI's `FormControl`, `InputLabel`, `OutlinedInput` and `NotchedOutline` are styled components: each computes,
 * serializes and hashes its styles on every render, about ten per field, which was most of the time a 300-field form
 * took to show. Here a field's render is its elements and class names; the look lives in {@link outlinedFieldCss}.
 *
 * The label floats above the outline while the field is focused (`:focus-within`), filled (`shrink`) or autofilled.
 * It is a real `<label for>`; the outline and its notch are `aria-hidden`.
 */
export function OutlinedField({ id, label, required, disabled, error, shrink, width, className, children }: OutlinedFieldProps) {
  useOutlinedFieldStyles();
  const classes = ['ob-field', shrink && 'ob-field--shrink', error && 'ob-field--error', disabled && 'ob-field--disabled', className].filter(Boolean).join(' ');
  return (
    <div className={classes} style={width ? { width } : undefined}>
      {label && (
        <label className="ob-field__label" htmlFor={id} id={`${id}-label`}>
          {label}
          {required && (
            <span aria-hidden="true" className="ob-field__asterisk">
              {'\u2009*'}
            </span>
          )}
        </label>
      )}
      <div className="ob-field__box">
        {children}
        <fieldset aria-hidden="true" className="ob-field__outline">
          <legend className={label ? 'ob-field__legend' : 'ob-field__legend ob-field__legend--empty'}>
            {label ? <span>{required ? `${label}\u2009*` : label}</span> : <span className="notranslate">{'\u200b'}</span>}
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

/** The class of the control inside an {@link OutlinedField} (an `<input>` or a `<select>`). */
export const CONTROL_CLASS = 'ob-field__control';

const styledThemes = new WeakSet<Theme>();

/** Adds the fields' stylesheet for the current theme to the document once (before any field is laid out). */
function useOutlinedFieldStyles(): void {
  const theme = useTheme();
  useInsertionEffect(() => {
    if (styledThemes.has(theme)) return;
    styledThemes.add(theme);
    const style = document.createElement('style');
    style.dataset.outlinedFields = '';
    style.textContent = outlinedFieldCss(theme);
    document.head.append(style);
  }, [theme]);
}

/** The stylesheet of {@link OutlinedField}, with MUI's outlined-input values (medium size) and the theme's colours. */
export function outlinedFieldCss(theme: Theme): string {
  const { palette, typography, transitions, shape } = theme;
  const outline = palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';
  const ease = transitions.easing.easeOut;
  const shorter = `${transitions.duration.shorter}ms ${ease}`;
  const floated = `
  transform: translate(14px, -9px) scale(0.75);
  max-width: calc(133% - 32px);
  user-select: none;
  pointer-events: auto;`;
  const notched = `
  max-width: 100%;
  transition: max-width 100ms ${ease} 50ms;`;
  return `
.ob-field {
  display: inline-flex; flex-direction: column; position: relative; min-width: 0; width: 100%;
  padding: 0; margin: 0; border: 0; vertical-align: top;
}
.ob-field__label {
  position: absolute; left: 0; top: 0; z-index: 1; display: block; padding: 0;
  font-family: ${typography.fontFamily}; font-weight: ${typography.fontWeightRegular}; font-size: 1rem; line-height: 1.4375em;
  letter-spacing: ${typography.body1.letterSpacing ?? 'normal'};
  color: ${palette.text.secondary};
  transform-origin: top left; transform: translate(14px, 16px) scale(1);
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: calc(100% - 24px);
  pointer-events: none;
  transition: color ${shorter}, transform ${shorter}, max-width ${shorter};
}
.ob-field--shrink > .ob-field__label, .ob-field:focus-within > .ob-field__label {${floated}
}
/* Autofill in rules of its own: a browser that does not know a selector drops the whole rule. */
.ob-field:has(.${CONTROL_CLASS}:-webkit-autofill) > .ob-field__label {${floated}
}
.ob-field:focus-within > .ob-field__label { color: ${palette.primary.main}; }
.ob-field.ob-field--error > .ob-field__label, .ob-field--error .ob-field__asterisk { color: ${palette.error.main}; }
.ob-field--disabled > .ob-field__label { color: ${palette.text.disabled}; }
.ob-field__box {
  position: relative; display: inline-flex; align-items: center; width: 100%; box-sizing: border-box; cursor: text;
  border-radius: ${typeof shape.borderRadius === 'number' ? `${shape.borderRadius}px` : shape.borderRadius};
  font-family: ${typography.fontFamily}; font-weight: ${typography.fontWeightRegular}; font-size: 1rem; line-height: 1.4375em;
  letter-spacing: ${typography.body1.letterSpacing ?? 'normal'};
  color: ${palette.text.primary};
}
.ob-field--disabled .ob-field__box { color: ${palette.text.disabled}; cursor: default; }
.${CONTROL_CLASS} {
  font: inherit; font-size: 16px; letter-spacing: inherit; color: currentColor;
  padding: 16.5px 14px; border: 0; box-sizing: content-box; background: none; height: 1.4375em; margin: 0;
  -webkit-tap-highlight-color: transparent; display: block; min-width: 0; width: 100%;
}
.${CONTROL_CLASS}:focus { outline: 0; }
.${CONTROL_CLASS}:invalid { box-shadow: none; }
.${CONTROL_CLASS}:-webkit-autofill { border-radius: inherit; }
.${CONTROL_CLASS}::placeholder { color: currentColor; opacity: ${palette.mode === 'light' ? 0.42 : 0.5}; transition: opacity ${shorter}; }
.ob-field:not(.ob-field--shrink):not(:focus-within) .${CONTROL_CLASS}::placeholder { opacity: 0; }
.${CONTROL_CLASS}:disabled { opacity: 1; -webkit-text-fill-color: ${palette.text.disabled}; }
select.${CONTROL_CLASS} {
  -moz-appearance: none; -webkit-appearance: none; appearance: none; user-select: none; cursor: pointer;
  border-radius: inherit; padding-right: 32px; min-width: 16px;
}
select.${CONTROL_CLASS}:disabled { cursor: default; }
select.${CONTROL_CLASS} option { background-color: ${palette.background.paper}; }
.ob-field__icon {
  position: absolute; right: 7px; top: calc(50% - 0.5em); width: 1em; height: 1em; font-size: 1.5rem;
  fill: currentColor; color: ${palette.action.active}; pointer-events: none; user-select: none; flex-shrink: 0;
}
.ob-field--disabled .ob-field__icon { color: ${palette.action.disabled}; }
.ob-field__outline {
  text-align: left; position: absolute; inset: -5px 0 0 0; margin: 0; padding: 0 8px; pointer-events: none;
  border-radius: inherit; border: 1px solid ${outline}; overflow: hidden; min-width: 0%;
}
.ob-field__box:hover > .ob-field__outline { border-color: ${palette.text.primary}; }
@media (hover: none) { .ob-field__box:hover > .ob-field__outline { border-color: ${outline}; } }
.ob-field:focus-within .ob-field__outline { border-color: ${palette.primary.main}; border-width: 2px; }
.ob-field.ob-field--error .ob-field__outline, .ob-field--error .ob-field__box:hover > .ob-field__outline { border-color: ${palette.error.main}; }
.ob-field--disabled .ob-field__outline, .ob-field--disabled .ob-field__box:hover > .ob-field__outline { border-color: ${palette.action.disabled}; }
.ob-field__legend {
  float: unset; width: auto; overflow: hidden; display: block; padding: 0; height: 11px; font-size: 0.75em;
  visibility: hidden; max-width: 0.01px; white-space: nowrap; transition: max-width 50ms ${ease};
}
.ob-field__legend > span { padding-left: 5px; padding-right: 5px; display: inline-block; opacity: 0; visibility: visible; }
.ob-field--shrink .ob-field__legend, .ob-field:focus-within .ob-field__legend {${notched}
}
.ob-field:has(.${CONTROL_CLASS}:-webkit-autofill) .ob-field__legend {${notched}
}
.ob-field__legend--empty, .ob-field--shrink .ob-field__legend--empty, .ob-field:focus-within .ob-field__legend--empty {
  max-width: none; height: auto; padding: 0; line-height: 11px; font-size: inherit; transition: width 150ms ${ease};
}
.ob-field__legend--empty > span { padding: 0; }
`;
}
