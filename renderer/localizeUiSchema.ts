import { isMessageKey, message, type Catalogue } from '../schemas/messages';
import type { UiSchema } from '../schemas/types';

/**
 * A copy of `uiSchema` in which every string value that is a catalogue key (`ui:title`, `ui:placeholder`,
 * `ui:submitButtonOptions.submitText`, `ui:enumNames` entries ...) is replaced by its text, at any depth.
 * Property names are never translated, and strings that are not keys (widget names, field names) pass through.
 * `{"$message": key, "params": {name: keyOrText}}` is a text with placeholders (a step definition's rules build these).
 */
export function localizeUiSchema(uiSchema: UiSchema, catalogue: Catalogue): UiSchema {
  const translate = (value: unknown): unknown => {
    if (typeof value === 'string') return isMessageKey(value, catalogue) ? catalogue[value] : value;
    if (Array.isArray(value)) return value.map(translate);
    if (value !== null && typeof value === 'object' && typeof (value as { $message?: unknown }).$message === 'string') {
      const { $message: key, params = {} } = value as { $message: string; params?: Record<string, unknown> };
      const texts = Object.fromEntries(Object.entries(params).map(([name, param]) => [name, String(translate(param))]));
      return message(key, texts, catalogue);
    }
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translate(item)]));
    }
    return value;
  };
  return translate(uiSchema) as UiSchema;
}
