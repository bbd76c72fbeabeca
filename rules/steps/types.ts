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
  /** The definition's `let` values for this environment. */
  let?: Record<string, unknown>;
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

/**
 * A server call triggered by a field: when `on` (a field path, `a.b` for a nested one) changes and `when` holds,
 * `call`, then `fill` fields (paths; `$context.x` keeps an answer for the rules without sending it) from the answer.
 * Without `on`, the call is made once when the step opens. A failed call is silent.
 */
export interface LookupRule {
  on?: string;
  when?: Logic;
  call: { method: 'GET' | 'POST'; path: string; body?: Logic };
  fill: Record<string, Logic>;
  /** Catalogue key shown on the field `on` when the call finds nothing (else a failed lookup is silent). */
  failed?: string;
  /** Catalogue key shown, with a progress bar, on the field `at` (default `on`) while the call runs. */
  busy?: string;
  /** The field (path) the `busy` text shows on: the field the answer fills, for a lookup made when the step opens. */
  at?: string;
}

/** A call made when the merchant removes a saved item from a list (a beneficial owner): the item is `item`. */
export interface RemovalRule {
  list: string;
  /** The key that marks an item as saved (only saved items are removed on the server). */
  key: string;
  call: { method: 'DELETE'; path: string };
  /** Catalogue key shown when the call fails. */
  failed: string;
}

/** A text of the message catalogue with its placeholders: each param's expression gives a key (translated) or a text. */
export interface MessageRule {
  key: Logic;
  params?: Record<string, Logic>;
}

/** Where the step's data goes: method, path template (`{merchant.uuid}`), and the body built from the data. */
export interface SubmitRule {
  method: 'PUT' | 'POST';
  path: string;
  body: Logic;
  /**
   * Optional fields a submit clears with an explicit `null` when the merchant removed a value the record holds; the
   * server reads the same list (a null clears, an absent field keeps the stored value).
   */
  clearable?: string[];
  /** Field keys of a 422 whose first message is the "Oh no!" text, in order; else `problemDefault`. */
  problemFields?: string[];
  /** Keys of a failed non-422 answer's body whose text is the "Oh no!" text, in order; else `problemDefault`. */
  problemBodyKeys?: string[];
  /** A failure that is not a 422 shows the platform's text for it (no connection, server error) instead of `problemDefault`. */
  problemFromError?: boolean;
  problemDefault: string;
  /** Field keys of a 422 shown under their field alone: a 422 whose errors are all on these fields opens no "Oh no!" box. */
  fieldOnlyProblems?: string[];
  /** Shown with a progress bar while the submit is under way (a verification). */
  busyMessage?: string;
  /** Over `answer` (the merchant record the server answered): a catalogue key when the stored submit did not succeed (a failed verification), else null. */
  outcomeProblem?: Logic;
  /** A registered dialog shown with the answered record before the step counts as saved (the PAN confirmation). */
  confirm?: string;
  /**
   * An OTP the merchant confirms before the submit is sent, when `when` (over the data; absent: always) holds: sent to
   * the user's e-mail and mobile for `scope` (POST /otps), verified (POST /otps/verify) for a one-use alternative token
   * the submit carries in its `alternative-token` header; the server requires that token under the same condition.
   */
  otp?: { scope: string; when?: Logic };
  /**
   * After a successful submit: `next` (default) closes the step and opens the next to-do one; `stay` keeps it open (what
   * follows happens here, as the test deposit after the bank form); or an expression over `answer` (the record answered)
   * giving one of the two (stay while a change of approved details waits as an addendum for the merchant's acceptance).
   */
  then?: 'next' | 'stay' | Logic;
  /**
   * Where the server stores the data of a body it accepted (PUT /merchants/{uuid} only): record paths (`nominee`,
   * `product_account_detail.dob`), each with its value over `data` (as checked), `merchant` (the stored record),
   * `context` and `master`. Applied by one generic update (server/merchants/updates/storedStep.ts); a step with side
   * effects (a verification, a deposit, an addendum) has an update of its own instead.
   */
  store?: Record<string, Logic>;
}

/** One step of the journey as data (schemas/steps/<id>.step.json, format: schemas/steps/step-definition.json). */
export interface StepDefinition {
  id: string;
  /** Values computed from the data before every other expression, read as `let.<name>` (in order: a later one may read an earlier one). */
  let?: Record<string, Logic>;
  /** `$id` of the step's JSON Schema. */
  schema: string;
  uiSchema: UiSchemaJson;
  master?: string[];
  context?: Record<string, Logic>;
  initial: Record<string, Logic>;
  derive?: DeriveRule[];
  uiRules?: UiRule[];
  lookups?: LookupRule[];
  removals?: RemovalRule[];
  /** What the step's form sends; absent: the step has no form to send, its components act (the service agreement). */
  submit?: SubmitRule;
  /** Named real components (registered in the app) shown below the fields. */
  components?: string[];
  /** Named real components shown above the fields: what the merchant does first, a lookup or an identity check that fills the fields below. */
  componentsAbove?: string[];
  /** The heading above the fields (over `merchant`, `master`). */
  heading?: MessageRule;
  /** Over `merchant`, `master`: the step shows its data without a submit (e.g. the account it saves to is missing). */
  readonlyWhen?: Logic;
  /** Over `merchant`, `master`: a catalogue key shown in the "Oh no!" box when the step opens (a failed verification stored earlier), or null. */
  problemOnOpen?: Logic;
  /** Prefix of the fields' ids (default: the step id). */
  idPrefix?: string;
  /** Keep unsent changes as a draft on this device (default true). */
  draft?: boolean;
  /** Catalogue key of a link that moves on to the next to-do step and leaves this one to do (SKIP FOR NOW). */
  skip?: string;
}
