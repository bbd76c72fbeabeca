import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { normalizeText } from '../rules/steps/normalizers';

/**
 * The theme's text input that normalises as the merchant types, with the uiSchema's `ui:normalize` names
 * (rules/steps/normalizers.ts: `upper`, `compact`, `noSeparators`): a GSTIN typed in lower case, an account number
 * typed in groups. The server applies the same names to the body, so the text validated is the same. With
 * `ui:options.capAt`, the normalised text stops at that many characters (rather than an HTML `maxlength`, which would
 * cut a pasted `ABCDE 1234F` before its space is dropped).
 */
export function NormalizedInputWidget(props: WidgetProps) {
  const { registry, options, onChange } = props;
  const { BaseInputTemplate } = registry.templates;
  const names = Array.isArray(options.normalize) ? (options.normalize as string[]) : [];
  const capAt = typeof options.capAt === 'number' ? options.capAt : undefined;
  const clean = (text: string) => normalizeText(text, names).slice(0, capAt);

  const handleChange = ({ target: input }: ChangeEvent<HTMLInputElement>) => {
    const caret = clean(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    const text = clean(input.value);
    // Writing the normalised text into the input before React does keeps the caret where the merchant is typing.
    if (input.value !== text) {
      input.value = text;
      input.setSelectionRange(caret, caret);
    }
    onChange(text === '' ? options.emptyValue : text);
  };

  return (
    <BaseInputTemplate
      {...props}
      options={names.includes('upper') ? { ...options, autocapitalize: 'characters' } : options}
      onChangeOverride={handleChange}
    />
  );
}
