import { useCallback, useState, type ComponentType } from 'react';
import { asNumber, getDecimalSeparator, getUiOptions, resolveDefaultWidget, type FieldProps } from '@rjsf/utils';

// Static matchers for the standard '.' separator, as rjsf's.
const trailingCharMatcherWithPrefix = /\.([0-9]*0)*$/;
const trailingCharMatcher = /[0.]0*$/;

let separator: string | undefined;
if (typeof window !== 'undefined') window.addEventListener('languagechange', () => (separator = undefined));
/**
 * The browser's decimal separator, found once and only when needed: rjsf's asks `Intl.NumberFormat` on every render
 * of every number field, and the first ask loads the locale's data (19 ms in Chromium).
 */
const decimalSeparator = (): string => (separator ??= getDecimalSeparator());

/**
 * rjsf's `NumberField` (@rjsf/core 6, Apache-2.0), the same logic, except that the decimal separator is found once
 * and only when a value needs it ({@link decimalSeparator}). It keeps
 * what was typed ("1.", "1.50") on screen while the data holds the number, and shows a number with the locale's
 * separator in a text input.
 */
export function NumberField(props: FieldProps) {
  const { registry, onChange, formData, value: initialValue } = props;
  const [lastValue, setLastValue] = useState<unknown>(initialValue);
  const StringField = registry.fields.StringField as ComponentType<FieldProps>;
  let value: unknown = formData;
  const handleChange = useCallback<FieldProps['onChange']>(
    (newValue, path, errorSchema, id) => {
      setLastValue(newValue);
      const standardValue = typeof newValue === 'string' ? newValue.replace(decimalSeparator(), '.') : newValue;
      const normalizedValue = `${standardValue}`.startsWith('.') ? `0${standardValue}` : standardValue;
      const processed =
        typeof normalizedValue === 'string' && trailingCharMatcherWithPrefix.exec(normalizedValue)
          ? asNumber(normalizedValue.replace(trailingCharMatcher, ''))
          : asNumber(normalizedValue as string);
      onChange(processed, path, errorSchema, id);
    },
    [onChange],
  );
  if (typeof lastValue === 'string' && typeof value === 'number') {
    const canonicalLastValue = lastValue.replace(decimalSeparator(), '.');
    const escapedValue = String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`^(${escapedValue})?\\.?0*$`).test(canonicalLastValue)) value = lastValue;
  }
  let displayValue = value;
  if (typeof value === 'number' && decimalSeparator() !== '.') {
    const { schema, uiSchema } = props;
    const { defaultWidget } = resolveDefaultWidget(schema, uiSchema, registry.schemaUtils, registry.widgets);
    const { widget = defaultWidget, inputType } = getUiOptions(uiSchema);
    // Only the built-in text widget shows the number as text in this locale (see rjsf's getInputProps).
    if (widget === 'text' && inputType !== 'number') displayValue = String(value).replace('.', decimalSeparator());
  }
  return <StringField {...props} formData={displayValue} onChange={handleChange} />;
}
