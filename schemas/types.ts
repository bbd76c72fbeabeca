/** A JSON Schema document as stored in `schemas/` (plain JSON, no functions). */
export type JsonSchema = { $id?: string; [keyword: string]: unknown };

/** An rjsf uiSchema as stored in `schemas/`; string values may be message keys. */
export type UiSchema = { [key: string]: unknown };

/** A field-keyed error list, as the API answers 422: `{ errors: { field: [message] } }`. */
export type FieldErrors = Record<string, string[]>;
