import { SchemaExamples } from '@rjsf/core';
import { ariaDescribedByIds, examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';
import { TextInput } from '../ui/TextInput';
import { Suspense } from 'react';
import { lazyWithRetry } from '../ui/lazyWithRetry';
import { suggestionsOf } from './fieldSuggestionData';

/** The suggestions' buttons load the first time a field has some (few forms do): not in every form's first load. */
const FieldSuggestions = lazyWithRetry(() => import('./FieldSuggestions'));

/** Input types whose browser control always shows something, so the label stays above it. */
const TYPES_THAT_SHRINK_LABEL = ['date', 'datetime-local', 'file', 'time'];

/**
 * The text input of every form (ui/TextInput.tsx: MUI's outlined input and floating label), full width for
 * phones down to 360 px. Its error, description and help ids are on the `<input>` itself, where screen readers
 * announce them, and its label is a real `<label for>` (autofill, voice control). The field's errors and help are
 * shown by the field template below it. Values a lookup found for it (`ui:suggestions`) show under it as buttons
 * that fill it (renderer/FieldSuggestions.tsx), while it stays open to typing.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, label, hideLabel, value, onChange, onChangeOverride, onBlur, onFocus, autofocus, options, schema, rawErrors = [] } = props;
  const { step, min, max, accept, autoCapitalize, type: inputType, ...rest } = getInputProps(schema, type, options);
  const suggestions = readonly || disabled ? [] : suggestionsOf(options.suggestions);
  return (
    <>
      <TextInput
        id={id}
        name={htmlName || id}
        label={labelValue(label || undefined, hideLabel, undefined) || undefined}
        type={inputType}
        shrinkLabel={TYPES_THAT_SHRINK_LABEL.includes(inputType ?? '')}
        required={required}
        disabled={disabled || readonly}
        error={rawErrors.length > 0}
        placeholder={placeholder}
        autoFocus={autofocus}
        value={value || value === 0 ? (value as string | number) : ''}
        onChange={onChangeOverride ?? (({ target }) => onChange(target.value === '' ? options.emptyValue : target.value))}
        onBlur={({ target }) => onBlur(id, target.value)}
        onFocus={({ target }) => onFocus(id, target.value)}
        inputProps={{
          ...rest,
          step,
          min,
          max,
          accept,
          ...(autoCapitalize === undefined ? {} : { autoCapitalize }),
          ...(schema.examples ? { list: examplesId(id) } : {}),
          'aria-describedby': ariaDescribedByIds(id, !!schema.examples),
        }}
      />
      {schema.examples !== undefined && <SchemaExamples id={id} schema={schema} />}
      {suggestions.length > 0 && (
        <Suspense fallback={null}>
          <FieldSuggestions
            fieldId={id}
            suggestions={suggestions}
            caption={typeof options.suggestionsLabel === 'string' ? options.suggestionsLabel : undefined}
            value={value}
            onPick={(picked) => onChange(picked)}
          />
        </Suspense>
      )}
    </>
  );
}
