import type { Logic } from '../types';

/** A uiSchema (rjsf): plain JSON, `ui:` keys per field. */
export type UiSchemaJson = { [key: string]: unknown };

/**
 * What every expression of a step definition reads (json-logic `var` roots):
 * `merchant` (the record), `master` (the definition's master tables by name), `context`
 * (the projected `$context`), `data` (the form data so far), `answer` (a lookup's answer).
 */
export interface DefinitionEnv {
  merchant: Record<string, unknown>;
  master: Record<string, unknown>;
  context?: Record<string, unknown>;
  data?: Record<string, unknown>;
  /** The data before the change being derived (in the browser; on the server it is `data`). */
  previous?: Record<string, unknown>;
  answer?: unknown;
}

/** A value computed from the data: set in the form as the data changes, held to by the server. */
export interface DeriveRule {
  field: string;
  /** When the rule applies (default: always). */
  when?: Logic;
  /** The value; leave out with `unset`. */
  value?: Logic;
  /** The field is removed instead (a field the data's entity does not have). */
  unset?: boolean;
  /** Compare letter case-insensitively when the server checks a sent value (names). */
  ignoreCase?: boolean;
  /** Catalogue key (or logic giving one) of the refusal when a sent value differs. */
  message?: Logic;
}

/** A patch of the uiSchema while `when` holds: a fixed `patch`, or one computed by `patchFrom`. */
export interface UiRule {
  when?: Logic;
  patch?: UiSchemaJson;
  patchFrom?: Logic;
}

/** A server call triggered by a field: when `on` changes and `when` holds, `call`, then `fill` fields from the answer. */
export interface LookupRule {
  on: string;
  when?: Logic;
  call: { method: 'GET' | 'POST'; path: string; body?: Logic };
  fill: Record<string, Logic>;
}

/** Where the step's data goes: method, path template (`{merchant.uuid}`), and the body built from the data. */
export interface SubmitRule {
  method: 'PUT' | 'POST';
  path: string;
  body: Logic;
  /** Field keys of a 422 whose first message is the "Oh no!" text, in order; else `problemDefault`. */
  problemFields?: string[];
  problemDefault: string;
}

/** One step of the journey as data (schemas/steps/<id>.step.json, format: schemas/steps/step-definition.json). */
export interface StepDefinition {
  id: string;
  /** `$id` of the step's JSON Schema. */
  schema: string;
  uiSchema: UiSchemaJson;
  master?: string[];
  context?: Record<string, Logic>;
  initial: Record<string, Logic>;
  derive?: DeriveRule[];
  uiRules?: UiRule[];
  lookups?: LookupRule[];
  submit: SubmitRule;
  /** Named real components (registered in the app) shown below the fields. */
  components?: string[];
}
