import { isRecord } from '../rules/isRecord';

/** One value a lookup found for a field (`ui:suggestions`): the value set when picked, and what it is (a trade name). */
export interface FieldSuggestion {
  value: string;
  label?: string;
}

/** The `ui:suggestions` of a field's options that are well formed: `[{value, label?}]` with a text value. */
export function suggestionsOf(option: unknown): FieldSuggestion[] {
  if (!Array.isArray(option)) return [];
  return option.flatMap((item) =>
    isRecord(item) && typeof item.value === 'string' && item.value !== '' ? [{ value: item.value, label: typeof item.label === 'string' && item.label !== item.value ? item.label : undefined }] : [],
  );
}

/** The id of a field's suggestions caption, which names their group. */
export const suggestionsCaptionId = (fieldId: string) => `${fieldId}__suggestions`;
