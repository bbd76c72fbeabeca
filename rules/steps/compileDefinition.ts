import { truthy, type CompiledLogic } from '../compileLogic';
import { compileTemplate } from './compileTemplate';
import { definitionOperations } from './definitionOperations';
import type { DefinitionEnv, StepDefinition, UiSchemaJson } from './types';

/** A lookup to make after a change: the request, and how to fill fields from its answer. */
export interface LookupRequest {
  field: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** The fields to set from the answer. */
  fill(answer: unknown): Record<string, unknown>;
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
  /** The request that submits the data. */
  submitRequestFor(data: Record<string, unknown>, merchant: Record<string, unknown>): { method: 'PUT' | 'POST'; path: string; body: unknown };
  /**
   * The fields a body may not set as it likes: derived values must match (computed with read-only fields at their
   * stored values), read-only ones must keep the stored value. For a body the schema accepted.
   */
  heldFieldErrors(sent: Record<string, unknown>, merchant: Record<string, unknown>): HeldFieldError[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const compile = (logic: unknown, where: string): CompiledLogic => compileTemplate(logic, definitionOperations, where);
const always: CompiledLogic = () => true;
/** The refusal of a changed read-only or derived field whose rule names no message of its own. */
const READ_ONLY_MESSAGE = 'validation.readOnly';

/** Fills `{a.b}` placeholders of a path from the environment, URL-encoded. */
function fillPath(path: string, env: DefinitionEnv): string {
  return path.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    const value = name.split('.').reduce<unknown>((current, part) => (isObject(current) ? current[part] : undefined), env);
    return encodeURIComponent(String(value ?? ''));
  });
}

/** Merges uiSchema patches field by field (a field's options merge; later rules win). */
export function mergeUiSchema(base: UiSchemaJson, patch: unknown): UiSchemaJson {
  if (!isObject(patch)) return base;
  const result: UiSchemaJson = { ...base };
  for (const [field, value] of Object.entries(patch)) {
    result[field] = isObject(value) && isObject(result[field]) && !field.startsWith('ui:') ? { ...(result[field] as object), ...value } : value;
  }
  return result;
}

const sameValue = (sent: unknown, expected: unknown, ignoreCase: boolean) =>
  ignoreCase && typeof sent === 'string' && typeof expected === 'string' ? sent.toUpperCase() === expected.toUpperCase() : sent === expected;

/**
 * Compiles a step definition (its format: schemas/steps/step-definition.json). `master` holds the
 * master tables by name; expressions read `merchant`, `master`, `context`, `data` and `answer`.
 */
export function compileDefinition(definition: StepDefinition, master: Record<string, unknown>): CompiledDefinition {
  const at = (part: string) => `${definition.id}.${part}`;
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
  const submitBody = compile(definition.submit.body, at('submit.body'));

  const contextOf = (merchant: Record<string, unknown>) => {
    const env: DefinitionEnv = { merchant, master };
    return Object.fromEntries(context.map(([key, logic]) => [key, logic(env)]));
  };
  const envFor = (data: Record<string, unknown>, merchant: Record<string, unknown>, previous = data): DefinitionEnv => ({
    merchant,
    master,
    context: isObject(data.$context) ? data.$context : contextOf(merchant),
    data,
    previous,
  });
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

  return {
    definition,
    contextOf,
    initialDataOf,
    derive: deriveData,
    uiSchemaFor,
    lookupsFor(previous, next, merchant) {
      return lookups.flatMap(({ rule, when, body, fill }) => {
        if (next[rule.on] === previous[rule.on] || next[rule.on] === undefined) return [];
        const env = envFor(next, merchant);
        if (!truthy(when(env))) return [];
        return [
          {
            field: rule.on,
            method: rule.call.method,
            path: fillPath(rule.call.path, env),
            body: body?.(env),
            fill: (answer: unknown) => Object.fromEntries(fill.map(([field, logic]) => [field, logic({ ...env, answer })])),
          },
        ];
      });
    },
    submitRequestFor(data, merchant) {
      const env = envFor(data, merchant);
      return { method: definition.submit.method, path: fillPath(definition.submit.path, env), body: submitBody(env) };
    },
    heldFieldErrors(sent, merchant) {
      const stored = initialDataOf(merchant);
      const sentData = { ...sent, $context: contextOf(merchant) };
      const readOnly = Object.entries(uiSchemaFor(sentData, merchant)).flatMap(([field, options]) =>
        isObject(options) && options['ui:readonly'] === true && stored[field] !== undefined ? [field] : [],
      );
      // Derived values follow what read-only fields hold, not what a body says they hold.
      const data = { ...sentData, ...Object.fromEntries(readOnly.map((field) => [field, stored[field]])) };
      const env = envFor(data, merchant);
      const errors: HeldFieldError[] = [];
      const derivedFields = new Set<string>();
      for (const { rule, when, value, message } of derive) {
        if (rule.unset || !truthy(when(env))) continue;
        derivedFields.add(rule.field);
        const expected = value(env);
        if (expected === null || expected === undefined || sent[rule.field] === undefined) continue;
        if (!sameValue(sent[rule.field], expected, rule.ignoreCase === true)) {
          errors.push({ field: rule.field, messageKey: message ? String(message(env)) : READ_ONLY_MESSAGE });
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
