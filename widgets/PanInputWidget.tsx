import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';

const PAN_LENGTH = 10;

/** A PAN as the merchant may type or paste it (`abcde 1234f`), as the schema expects it (`ABCDE1234F`). */
function toPan(text: string): string {
  return text.replace(/\s/g, '').toUpperCase().slice(0, PAN_LENGTH);
}

/**
 * The PAN input: the theme's text input that upper-cases what is typed, drops spaces and stops at 10 characters.
 * The cap is applied to the cleaned text rather than as an HTML `maxlength`, which would cut a pasted
 * `ABCDE 1234F` before its space is dropped.
 */
export function PanInputWidget(props: WidgetProps) {
  const { registry, options, onChange } = props;
  const { BaseInputTemplate } = registry.templates;

  const handleChange = ({ target: input }: ChangeEvent<HTMLInputElement>) => {
    const caret = toPan(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    const pan = toPan(input.value);
    // Writing the cleaned text into the input before React does keeps the caret where the merchant is typing.
    input.value = pan;
    input.setSelectionRange(caret, caret);
    onChange(pan === '' ? options.emptyValue : pan);
  };

  return (
    <BaseInputTemplate
      {...props}
      options={{ ...options, autocomplete: 'off', autocapitalize: 'characters' }}
      onChangeOverride={handleChange}
    />
  );
}
