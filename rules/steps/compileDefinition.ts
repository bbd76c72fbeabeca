import { truthy, type CompiledLogic } from '../compileLogic';
import { isRecord } from '../isRecord';
import { withValueAt } from '../withValueAt';
import { compileTemplate } from './compileTemplate';
import { definitionOperations, text } from './definitionOperations';
import { normalizeData } from './normalizers';
import type { DefinitionEnv, StepDefinition, UiSchemaJson } from './types';

/** A lookup to make after a change: the request, and how to fill fields from its answer. */
export interface LookupRequest {
  /** The field whose change triggered it (`$open` for a lookup made when the step opens). */
  field: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** The fields (paths) to set from the answer. */
  fill(answer: unknown): Record<string, unknown>;
  /** Whether the answer still applies to `data` (the triggering field still has the value it was asked for). */
  appliesTo(data: Record<string, unknown>): boolean;
  /** Catalogue key to show on the field when the call finds nothing; none: a failed lookup is silent. */
  failed?: string;
  /** While the call runs: the catalogue key to show, with a progress bar, on the field (path) `at`. */
  busy?: { at: string; message: string };
}

/** A call to make because the merchant removed a saved item from a list. */
export interface RemovalRequest {
  method: 'DELETE';
  path: string;
  /** Catalogue key shown when it fails. */
  failed: string;
}

/** A catalogue text with its placeholders, resolved: `params` values are catalogue keys or texts. */
export interface ResolvedMessage {
  key: string;
  params: Record<string, string>;
}

/** A read-only or derived field whose sent value is not the one the rules give. */
export interface HeldFieldError {
  field: string;
  messageKey: string;
}

/** A step definition with every expression compiled once: the pure functions the screen and the server share. */
export interface CompiledDefinition {
  definition: StepDefinition;
  /** The `$context` the schema reads, projected from the record. */
  contextOf(merchant: Record<string, unknown>): Record<string, unknown>;
  /** The form data the record holds for the step (with `$context`). */
  initialDataOf(merchant: Record<string, unknown>): Record<string, unknown>;
  /** The data with every applicable derived value set (and unset fields removed); `previous` is the data before the change. */
  derive(data: Record<string, unknown>, merchant: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown>;
  /** The uiSchema for the data so far: the definition's, patched by every rule that holds. */
  uiSchemaFor(data: Record<string, unknown>, merchant: Record<string, unknown>): UiSchemaJson;
  /** The lookups a change from `previous` to `next` triggers. */
  lookupsFor(previous: Record<string, unknown>, next: Record<string, unknown>, merchant: Record<string, unknown>): LookupRequest[];
  /** The lookups made once when the step opens with `data`. */
  openingLookupsFor(data: Record<string, unknown>, merchant: Record<string, unknown>): LookupRequest[];
  /** `data` with a lookup's filled paths set, then derived again. */
  withFilled(data: Record<string, unknown>, filled: Record<string, unknown>, merchant: Record<string, unknown>): Record<string, unknown>;
  /** The calls removing saved list items that a change from `previous` to `next` dropped. */
  removalsFor(previous: Record<string, unknown>, next: Record<string, unknown>, merchant: Record<string, unknown>): RemovalRequest[];
  /** A body with the fields the uiSchema asks to normalise (`ui:normalize`) normalised, as the form does while typing. */
  normalize(data: Record<string, unknown>): Record<string, unknown>;
  /** The heading of the step for the record, if the definition has one. */
  headingFor(merchant: Record<string, unknown>): ResolvedMessage | undefined;
  /** Whether the step shows its data without a submit for the record. */
  readonlyFor(merchant: Record<string, unknown>): boolean;
  /** The catalogue key shown when the step opens (a failed verification stored earlier), or null. */
  problemOnOpenFor(merchant: Record<string, unknown>): string | null;
  /** The catalogue key of a stored submit that did not succeed, from the answered record, or null. */
  outcomeProblemOf(answer: Record<string, unknown>): string | null;
  /** Whether the step stays open after a submit the server answered with `answer` (`submit.then`, `stay` or an expression giving it). */
  staysAfter(answer: Record<string, unknown>): boolean;
  /** The scope of the OTP the merchant confirms before submitting `data` (the definition's `submit.otp`), or null. */
  otpScopeFor(data: Record<string, unknown>, merchant: Record<string, unknown>): string | null;
  /** The record with the data of an accepted body stored where the definition's `submit.store` says; throws for a definition without one. */
  storedRecordOf(data: Record<string, unknown>, merchant: Record<string, unknown>): Record<string, unknown>;
  /** The request that submits the data. */
  submitRequestFor(data: Record<string, unknown>, merchant: Record<string, unknown>): { method: 'PUT' | 'POST'; path: string; body: unknown };
  /**
   * The fields a body may not set as it likes: derived values must match (computed with read-only fields at their
   * stored values), a value a rule with a message unsets may not be sent, read-only ones must keep the stored value.
   * For a body the schema accepted.
   */
  heldFieldErrors(sent: Record<string, unknown>, merchant: Record<string, unknown>): HeldFieldError[];
}

const compile = (logic: unknown, where: string): CompiledLogic => compileTemplate(logic, definitionOperations, where);
const always: CompiledLogic = () => true;
/** The refusal of a changed read-only or derived field whose rule names no message of its own. */
const READ_ONLY_MESSAGE = 'validation.readOnly';

/** The value at a dotted path (`a.b`, `list.0.id`) of an object or list. */
export function valueAt(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((current, part) => (isRecord(current) || Array.isArray(current) ? (current as Record<string, unknown>)[part] : undefined), source);
}

/** Fills `{a.b}` placeholders of a path from the environment, URL-encoded. */
function fillPath(path: string, env: object): string {
  return path.replace(/\{([\w.]+)\}/g, (_, name: string) => encodeURIComponent(String(valueAt(env, name) ?? '')));
}

/** Merges uiSchema patches field by field (a field's options merge; later rules win). */
export function mergeUiSchema(base: UiSchemaJson, patch: unknown): UiSchemaJson {
  if (!isRecord(patch)) return base;
  const result: UiSchemaJson = { ...base };
  for (const [field, value] of Object.entries(patch)) {
    result[field] = isRecord(value) && isRecord(result[field]) && !field.startsWith('ui:') ? { ...(result[field] as object), ...value } : value;
  }
  return result;
}

const sameValue = (sent: unknown, expected: unknown, ignoreCase: boolean) =>
  ignoreCase && typeof sent === 'string' && typeof expected === 'string' ? sent.toUpperCase() === expected.toUpperCase() : JSON.stringify(sent) === JSON.stringify(expected);

/**
 * Compiles a step definition (its format: schemas/steps/step-definition.json). `master` holds the
 * master tables by name; expressions read `merchant`, `master`, `context`, `data` and `answer`.
 */
export function compileDefinition(definition: StepDefinition, master: Record<string, unknown>): CompiledDefinition {
  const at = (part: string) => `${definition.id}.${part}`;
  const lets = Object.entries(definition.let ?? {}).map(([key, logic]) => [key, compile(logic, at(`let.${key}`))] as const);
  const context = Object.entries(definition.context ?? {}).map(([key, logic]) => [key, compile(logic, at(`context.${key}`))] as const);
  const initial = Object.entries(definition.initial).map(([key, logic]) => [key, compile(logic, at(`initial.${key}`))] as const);
  const derive = (definition.derive ?? []).map((rule, index) => ({
    rule,
    when: rule.when === undefined ? always : compile(rule.when, at(`derive[${index}].when`)),
    value: compile(rule.value ?? null, at(`derive[${index}].value`)),
    message: rule.message === undefined ? undefined : compile(rule.message, at(`derive[${index}].message`)),
  }));
  const uiRules = (definition.uiRules ?? []).map((rule, index) => ({
    when: rule.when === undefined ? always : compile(rule.when, at(`uiRules[${index}].when`)),
    patch: rule.patchFrom === undefined ? () => rule.patch : compile(rule.patchFrom, at(`uiRules[${index}].patchFrom`)),
  }));
  const lookups = (definition.lookups ?? []).map((rule, index) => ({
    rule,
    when: rule.when === undefined ? always : compile(rule.when, at(`lookups[${index}].when`)),
    body: rule.call.body === undefined ? undefined : compile(rule.call.body, at(`lookups[${index}].body`)),
    fill: Object.entries(rule.fill).map(([field, logic]) => [field, compile(logic, at(`lookups[${index}].fill.${field}`))] as const),
  }));
  const submit = definition.submit;
  const submitBody = submit ? compile(submit.body, at('submit.body')) : undefined;
  const removals = definition.removals ?? [];
  const heading = definition.heading && {
    key: compile(definition.heading.key, at('heading.key')),
    params: Object.entries(definition.heading.params ?? {}).map(([name, logic]) => [name, compile(logic, at(`heading.params.${name}`))] as const),
  };
  const readonlyWhen = definition.readonlyWhen === undefined ? undefined : compile(definition.readonlyWhen, at('readonlyWhen'));
  const problemOnOpen = definition.problemOnOpen === undefined ? undefined : compile(definition.problemOnOpen, at('problemOnOpen'));
  const outcomeProblem = submit?.outcomeProblem === undefined ? undefined : compile(submit.outcomeProblem, at('submit.outcomeProblem'));
  const then = compile(submit?.then ?? 'next', at('submit.then'));
  const store = Object.entries(submit?.store ?? {}).map(([path, logic]) => [path.split('.'), compile(logic, at(`submit.store.${path}`))] as const);
  const otp = submit?.otp;
  const otpWhen = otp?.when === undefined ? always : compile(otp.when, at('submit.otp.when'));

  const contextOf = (merchant: Record<string, unknown>) => {
    const env: DefinitionEnv = { merchant, master };
    return Object.fromEntries(context.map(([key, logic]) => [key, logic(env)]));
  };
  const withLets = (env: DefinitionEnv): DefinitionEnv => {
    if (lets.length === 0) return env;
    const values: Record<string, unknown> = {};
    const withValues = { ...env, let: values };
    for (const [key, logic] of lets) values[key] = logic(withValues);
    return withValues;
  };
  const envFor = (data: Record<string, unknown>, merchant: Record<string, unknown>, previous = data): DefinitionEnv =>
    withLets({ merchant, master, context: isRecord(data.$context) ? data.$context : contextOf(merchant), data, previous });
  const deriveData = (data: Record<string, unknown>, merchant: Record<string, unknown>, previous?: Record<string, unknown>) => {
    let result = data;
    for (const { rule, when, value } of derive) {
      const env = envFor(result, merchant, previous);
      if (!truthy(when(env))) continue;
      if (rule.unset) {
        if (rule.field in result) result = Object.fromEntries(Object.entries(result).filter(([key]) => key !== rule.field));
        continue;
      }
      const derived = value(env);
      if (derived !== undefined && derived !== null && result[rule.field] !== derived) result = { ...result, [rule.field]: derived };
    }
    return result;
  };
  const uiSchemaFor = (data: Record<string, unknown>, merchant: Record<string, unknown>) => {
    const env = envFor(data, merchant);
    return uiRules.reduce((uiSchema, rule) => (truthy(rule.when(env)) ? mergeUiSchema(uiSchema, rule.patch(env)) : uiSchema), definition.uiSchema);
  };
  const initialDataOf = (merchant: Record<string, unknown>) => {
    const env: DefinitionEnv = { merchant, master, context: contextOf(merchant) };
    const data: Record<string, unknown> = {};
    for (const [key, logic] of initial) {
      const value = logic(env);
      if (value !== null && value !== undefined) data[key] = value;
    }
    if (context.length) data.$context = env.context;
    return deriveData(data, merchant);
  };

  function requestOf(lookup: (typeof lookups)[number], field: string, data: Record<string, unknown>, merchant: Record<string, unknown>, appliesTo: (data: Record<string, unknown>) => boolean): LookupRequest[] {
    const env = envFor(data, merchant);
    if (!truthy(lookup.when(env))) return [];
    return [
      {
        field,
        method: lookup.rule.call.method,
        path: fillPath(lookup.rule.call.path, env),
        body: lookup.body?.(env),
        fill: (answer: unknown) => Object.fromEntries(lookup.fill.map(([path, logic]) => [path, logic({ ...env, answer })])),
        appliesTo,
        failed: lookup.rule.failed,
        ...(lookup.rule.busy && (lookup.rule.at ?? lookup.rule.on) ? { busy: { at: (lookup.rule.at ?? lookup.rule.on)!, message: lookup.rule.busy } } : {}),
      },
    ];
  }

  return {
    definition,
    contextOf,
    initialDataOf,
    derive: deriveData,
    uiSchemaFor,
    lookupsFor(previous, next, merchant) {
      return lookups.flatMap((lookup) => {
        const { on } = lookup.rule;
        if (on === undefined) return [];
        const value = valueAt(next, on);
        if (value === undefined || value === valueAt(previous, on)) return [];
        return requestOf(lookup, on, next, merchant, (data) => valueAt(data, on) === value);
      });
    },
    openingLookupsFor(data, merchant) {
      return lookups.flatMap((lookup) => (lookup.rule.on === undefined ? requestOf(lookup, '$open', data, merchant, () => true) : []));
    },
    withFilled(data, filled, merchant) {
      const set = Object.entries(filled).reduce((result, [path, value]) => (value === undefined ? result : (withValueAt(result, path.split('.'), value) as Record<string, unknown>)), data);
      return deriveData(set, merchant, data);
    },
    removalsFor(previous, next, merchant) {
      return removals.flatMap((rule) => {
        const before = valueAt(previous, rule.list);
        const after = valueAt(next, rule.list);
        // A list that is gone altogether (the merchant said there are none) is the submit's to clear, not removals'.
        if (!Array.isArray(before) || !Array.isArray(after)) return [];
        const kept = new Set(after.map((item) => valueAt(item, rule.key)));
        return before.flatMap((item) => {
          const key = valueAt(item, rule.key);
          if (key === undefined || key === null || kept.has(key)) return [];
          return [{ method: rule.call.method, path: fillPath(rule.call.path, { merchant, item }), failed: rule.failed }];
        });
      });
    },
    normalize(data) {
      return normalizeData(data, definition.uiSchema) as Record<string, unknown>;
    },
    headingFor(merchant) {
      if (!heading) return undefined;
      const env: DefinitionEnv = { merchant, master, context: contextOf(merchant) };
      const params = heading.params.flatMap(([name, logic]) => {
        const value = logic(env);
        return value === null || value === undefined ? [] : [[name, String(value)] as const];
      });
      return { key: String(heading.key(env)), params: Object.fromEntries(params) };
    },
    readonlyFor(merchant) {
      return readonlyWhen !== undefined && truthy(readonlyWhen({ merchant, master, context: contextOf(merchant) }));
    },
    problemOnOpenFor(merchant) {
      return problemOnOpen ? text(problemOnOpen({ merchant, master, context: contextOf(merchant) })) : null;
    },
    outcomeProblemOf(answer) {
      return outcomeProblem ? text(outcomeProblem({ merchant: answer, master, answer })) : null;
    },
    staysAfter(answer) {
      return then({ merchant: answer, master, answer }) === 'stay';
    },
    otpScopeFor(data, merchant) {
      return otp && truthy(otpWhen(envFor(data, merchant))) ? otp.scope : null;
    },
    storedRecordOf(data, merchant) {
      if (store.length === 0) throw new Error(`Step ${definition.id} has no submit.store`);
      const env = envFor(data, merchant);
      return store.reduce<Record<string, unknown>>((record, [path, value]) => withValueAt(record, path, value(env) ?? null) as Record<string, unknown>, merchant);
    },
    submitRequestFor(data, merchant) {
      // A value the record holds and the merchant removed is sent as null: absent would keep it.
      const stored = initialDataOf(merchant);
      if (!submit || !submitBody) throw new Error(`Step ${definition.id} has no submit`);
      const cleared = (submit.clearable ?? []).filter((field) => data[field] === undefined && stored[field] !== undefined && stored[field] !== null);
      const env = envFor(cleared.length ? { ...data, ...Object.fromEntries(cleared.map((field) => [field, null])) } : data, merchant);
      return { method: submit.method, path: fillPath(submit.path, env), body: submitBody(env) };
    },
    heldFieldErrors(sent, merchant) {
      const stored = initialDataOf(merchant);
      const sentData = definition.context === undefined ? sent : { ...sent, $context: contextOf(merchant) };
      const readOnly = Object.entries(uiSchemaFor(sentData, merchant)).flatMap(([field, options]) =>
        isRecord(options) && options['ui:readonly'] === true && stored[field] !== undefined ? [field] : [],
      );
      // Derived values follow what read-only fields hold, not what a body says they hold.
      const data = { ...sentData, ...Object.fromEntries(readOnly.map((field) => [field, stored[field]])) };
      const env = envFor(data, merchant);
      const errors: HeldFieldError[] = [];
      const derivedFields = new Set<string>();
      for (const { rule, when, value, message } of derive) {
        if (!truthy(when(env))) continue;
        // Only a rule with a message is held on the server (a value it unsets may not be sent: an entity the PAN does not
        // allow); the others are the form's conveniences (a copy, a suggestion).
        if (rule.unset) {
          if (message && sent[rule.field] !== undefined) errors.push({ field: rule.field, messageKey: String(message(env)) });
          continue;
        }
        derivedFields.add(rule.field);
        if (message === undefined) continue;
        const expected = value(env);
        if (expected === null || expected === undefined || sent[rule.field] === undefined) continue;
        if (!sameValue(sent[rule.field], expected, rule.ignoreCase === true)) {
          errors.push({ field: rule.field, messageKey: String(message(env)) });
        }
      }
      // A field the rules make read-only keeps what the record holds (nothing stored yet: the merchant's first answer).
      const uiSchema = uiSchemaFor(data, merchant);
      for (const field of readOnly) {
        if (derivedFields.has(field) || JSON.stringify(sent[field]) === JSON.stringify(stored[field])) continue;
        const options = uiSchema[field] as Record<string, unknown>;
        errors.push({ field, messageKey: typeof options['ui:readonlyMessage'] === 'string' ? options['ui:readonlyMessage'] : READ_ONLY_MESSAGE });
      }
      return errors;
    },
  };
}
