import type { ChangeEvent, FocusEvent } from 'react';
import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, labelValue, type WidgetProps } from '@rjsf/utils';
import { CONTROL_CLASS, OutlinedField } from '../ui/OutlinedField';

/**
 * A choice among a field's options as the phone's own picker: a native `<select>` drawn as MUI's outlined input
 * ({@link OutlinedField}), full width. On a phone it opens the system list (large targets, the screen reader's own
 * handling), and it brings none of MUI's menu, popover and modal code to a step. Options are addressed by their index, so numbers and strings keep
 * their types. Its error, description and help ids are on the `<select>` itself.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, options, label, hideLabel, required, disabled, readonly, value, autofocus, placeholder, onChange, onBlur, onFocus, rawErrors = [], schema } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const valueOf = (index: string) => enumOptionsValueForIndex(index, enumOptions, emptyValue);
  const shownLabel = labelValue(label || undefined, hideLabel, undefined);
  return (
    <OutlinedField id={id} label={shownLabel || undefined} required={required} disabled={disabled || readonly} error={rawErrors.length > 0} shrink>
      <select
        id={id}
        name={htmlName || id}
        className={CONTROL_CLASS}
        value={typeof selected === 'string' ? selected : ''}
        autoFocus={autofocus}
        required={required}
        disabled={disabled || readonly}
        aria-invalid={rawErrors.length > 0 || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
        onChange={({ target }: ChangeEvent<HTMLSelectElement>) => onChange(valueOf(target.value))}
        onBlur={({ target }: FocusEvent<HTMLSelectElement>) => onBlur(id, valueOf(target.value))}
        onFocus={({ target }: FocusEvent<HTMLSelectElement>) => onFocus(id, valueOf(target.value))}
      >
        {schema.default === undefined && <option value="">{placeholder ?? ''}</option>}
        {enumOptions.map(({ value: optionValue, label: optionLabel }, index) => (
          <option key={index} value={String(index)} disabled={Array.isArray(enumDisabled) && enumDisabled.includes(optionValue)}>
            {optionLabel}
          </option>
        ))}
      </select>
      <svg className="ob-field__icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </OutlinedField>
  );
}
