import type { ChangeEvent } from 'react';
import { ariaDescribedByIds, descriptionId, getTemplate, labelValue, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';
import { REQUIRED_MARK, useFieldStyles } from '../ui/fieldStyles';

// Material icons' CheckBoxOutlineBlank and CheckBox, as MUI's Checkbox draws them.
const UNCHECKED = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED = 'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

/**
 * A boolean as the MUI theme's checkbox widget draws it (MUI's `FormControlLabel` and `Checkbox`: the icon in a
 * 44 px round target, the label beside it, red when the field has an error), from a native checkbox and plain
 * elements styled once per theme (`fieldStyles.ts`): MUI's are six styled components per checkbox, each computing its
 * styles on every render. The native input lies over the icon, so taps, keys and screen readers meet a real checkbox.
 * As the theme's, `required` is set only when the schema requires `true` (an unchecked box would fail otherwise).
 */
export function CheckboxWidget(props: WidgetProps) {
  const { schema, id, htmlName, value, disabled, readonly, label, hideLabel, autofocus, onChange, onBlur, onFocus, registry, options, uiSchema, required, rawErrors = [] } = props;
  useFieldStyles();
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const trueValueRequired = schemaRequiresTrueValue(schema) && required;
  const checked = value === undefined ? false : Boolean(value);
  const description = options.description ?? schema.description;
  const shownLabel = labelValue(label, hideLabel, false);
  const off = disabled || readonly;
  const classes = ['ob-check', checked && 'ob-check--checked', off && 'ob-check--disabled', rawErrors.length > 0 && 'ob-check--error'].filter(Boolean).join(' ');
  return (
    <>
      {!hideLabel && description && (
        // eslint-disable-next-line react-hooks/static-components -- a template of the registry, the same on every render
        <DescriptionFieldTemplate id={descriptionId(id)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      <label className={classes}>
        <span className="ob-check__box">
          <input
            type="checkbox"
            className="ob-check__input"
            id={id}
            name={htmlName || id}
            checked={checked}
            required={trueValueRequired}
            disabled={off}
            autoFocus={autofocus}
            aria-describedby={ariaDescribedByIds(id)}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <svg className="ob-check__icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
            <path d={checked ? CHECKED : UNCHECKED} />
          </svg>
        </span>
        {shownLabel && (
          <span className="ob-check__label">
            {shownLabel}
            {trueValueRequired && <span aria-hidden="true">{REQUIRED_MARK}</span>}
          </span>
        )}
      </label>
    </>
  );
}
