import type { ChangeEvent, FocusEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, labelValue, type WidgetProps } from '@rjsf/utils';

/**
 * A choice among a field's options as the phone's own picker: a native `<select>` drawn as MUI's outlined input, full
 * width. On a phone it opens the system list (large targets, the screen reader's own handling), and it brings none of
 * MUI's menu, popover and modal code to a step. Options are addressed by their index, so numbers and strings keep
 * their types. Its error, description and help ids are on the `<select>` itself.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, options, label, hideLabel, required, disabled, readonly, value, autofocus, placeholder, onChange, onBlur, onFocus, rawErrors = [], schema } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const valueOf = (index: string) => enumOptionsValueForIndex(index, enumOptions, emptyValue);
  const shownLabel = labelValue(label || undefined, hideLabel, undefined);
  return (
    <FormControl fullWidth required={required} disabled={disabled || readonly} error={rawErrors.length > 0}>
      {shownLabel && (
        <InputLabel htmlFor={id} shrink>
          {shownLabel}
        </InputLabel>
      )}
      <NativeSelect
        id={id}
        name={htmlName || id}
        value={typeof selected === 'string' ? selected : ''}
        autoFocus={autofocus}
        onChange={({ target }: ChangeEvent<HTMLSelectElement>) => onChange(valueOf(target.value))}
        onBlur={({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, valueOf(target.value))}
        onFocus={({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, valueOf(target.value))}
        input={<OutlinedInput notched label={shownLabel && required ? `${shownLabel} *` : shownLabel} />}
        inputProps={{ 'aria-describedby': ariaDescribedByIds(id), autoComplete: typeof options.autocomplete === 'string' ? options.autocomplete : 'off' }}
      >
        {schema.default === undefined && <option value="">{placeholder ?? ''}</option>}
        {enumOptions.map(({ value: optionValue, label: optionLabel }, index) => (
          <option key={index} value={String(index)} disabled={Array.isArray(enumDisabled) && enumDisabled.includes(optionValue)}>
            {optionLabel}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
