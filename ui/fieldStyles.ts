import { useInsertionEffect } from 'react';
import { alpha, useTheme, type Theme } from '@mui/material/styles';

// The stylesheet of the form controls drawn from plain elements (OutlinedField, the forms' checkbox widget): MUI's
// look, values and the theme's colours, written once per theme instead of computed by styled components on every
// render of every field.

/** What follows a required field's label (aria-hidden: the control itself says it is required), as MUI writes it. */
export const REQUIRED_MARK = '\u2009*';

/** The class of the control inside an `OutlinedField` (an `<input>` or a `<select>`). */
export const CONTROL_CLASS = 'ob-field__control';
/** The class of a read-only control that wraps its long value (a `<textarea>` in place of the `<input>`). */
export const WRAPPED_CLASS = 'ob-field__control--wrapped';

const styledThemes = new WeakSet<Theme>();

/** Adds the fields' stylesheet for the current theme to the document once (before any field is laid out). */
export function useFieldStyles(): void {
  const theme = useTheme();
  useInsertionEffect(() => {
    if (styledThemes.has(theme)) return;
    styledThemes.add(theme);
    const style = document.createElement('style');
    style.dataset.fields = '';
    style.textContent = outlinedFieldCss(theme) + checkboxCss(theme);
    document.head.append(style);
  }, [theme]);
}

/** The outlined fields' rules (`OutlinedField`), with MUI's outlined-input values (medium size) and the theme's colours. */
function outlinedFieldCss(theme: Theme): string {
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
.${WRAPPED_CLASS} { height: auto; resize: none; overflow: hidden; field-sizing: content; overflow-wrap: anywhere; }
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

/** A checkbox with its label as MUI's `FormControlLabel` and `Checkbox` draw it (a 44 px target, as the theme's). */
function checkboxCss(theme: Theme): string {
  const { palette, typography, transitions } = theme;
  return `
.ob-check {
  display: inline-flex; align-items: center; vertical-align: middle; cursor: pointer; margin: 0 16px 0 -11px;
  -webkit-tap-highlight-color: transparent;
}
.ob-check--disabled { cursor: default; }
.ob-check__box {
  position: relative; display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box;
  padding: 10px; border-radius: 50%; color: ${palette.text.secondary};
  transition: background-color ${transitions.duration.shortest}ms ${transitions.easing.easeInOut};
}
.ob-check__input {
  position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; padding: 0; opacity: 0; z-index: 1; cursor: inherit;
}
.ob-check__icon { width: 1em; height: 1em; font-size: 1.5rem; fill: currentColor; flex-shrink: 0; user-select: none; display: inline-block; }
.ob-check--checked .ob-check__box { color: ${palette.primary.main}; }
.ob-check:hover .ob-check__box { background-color: ${alpha(palette.primary.main, palette.action.hoverOpacity)}; }
@media (hover: none) { .ob-check:hover .ob-check__box { background-color: transparent; } }
.ob-check__box:has(.ob-check__input:focus-visible) { background-color: ${alpha(palette.primary.main, palette.action.focusOpacity)}; }
.ob-check--disabled .ob-check__box, .ob-check--disabled:hover .ob-check__box { color: ${palette.action.disabled}; background-color: transparent; }
.ob-check__label {
  font-family: ${typography.fontFamily}; font-weight: ${typography.fontWeightRegular}; font-size: ${typography.body1.fontSize};
  line-height: ${typography.body1.lineHeight}; letter-spacing: ${typography.body1.letterSpacing ?? 'normal'};
}
.ob-check--disabled .ob-check__label { color: ${palette.text.disabled}; }
.ob-check--error .ob-check__label { color: ${palette.error.main}; }
`;
}
