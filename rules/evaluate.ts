import { truthy } from './compileLogic';
import { compiledRulesFor, type CompiledRules, type DefinitionSlots } from './compileRules';
import type {
  DocumentRequirements,
  FlagName,
  PlatformStatus,
  RulesConfig,
  StepFlags,
  StepId,
  StepStatuses,
} from './types';

export type { StepFlags, StepId, StepStatuses, PlatformStatus, DocumentRequirements, RulesConfig, JsonValue } from './types';
export { STEP_IDS, FLAG_ORDER, MESSAGE_FLAGS, flagsOf } from './types';

/** What the rules read besides the record: the merchant's documents, when the caller has them. */
export interface RelatedRecords {
  kycDocuments?: readonly object[];
  /** The product the app was opened for (its host's variant, platform spec section 1): the terms check reads it. */
  requestedProduct?: string;
}

/** The data every rule of one evaluation sees (json-logic `var` roots). */
interface RuleData extends DefinitionSlots {
  merchant: object;
  kyc_documents: readonly object[];
  requested_product: string | null;
  defs: Record<string, unknown>;
  tables: CompiledRules['tables'];
  status: Record<string, unknown>;
  stepId: StepId | null;
  step: Record<string, unknown> | null;
  /** The flags of the steps evaluated so far (those before the current one in journey order). */
  steps: Record<string, unknown>;
}

function ruleData(rules: CompiledRules, merchant: object, related: RelatedRecords): RuleData {
  const data: RuleData = {
    merchant,
    kyc_documents: related.kycDocuments ?? [],
    requested_product: related.requestedProduct ?? null,
    defs: {},
    defsList: [],
    tables: rules.tables,
    status: {},
    stepId: null,
    step: null,
    steps: {},
  };
  const defs = rules.defs;
  for (let i = 0; i < defs.length; i++) {
    const [name, rule] = defs[i]!;
    const value = rule(data);
    data.defsList.push(value);
    data.defs[name] = value;
  }
  return data;
}

/** A message flag's value: a non-empty string is a message key, anything else is none. */
const messageKey = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** One setter per flag: a named store each, and the flag's type (boolean by truthiness, or a key). */
const SETTERS: Record<FlagName, (flags: StepFlags, value: unknown) => void> = {
  completed: (flags, value) => (flags.completed = truthy(value)),
  incomplete: (flags, value) => (flags.incomplete = truthy(value)),
  lockedReason: (flags, value) => (flags.lockedReason = messageKey(value)),
  locked: (flags, value) => (flags.locked = truthy(value)),
  editable: (flags, value) => (flags.editable = truthy(value)),
  hidden: (flags, value) => (flags.hidden = truthy(value)),
  error: (flags, value) => (flags.error = truthy(value)),
  omitted: (flags, value) => (flags.omitted = truthy(value)),
  todo: (flags, value) => (flags.todo = truthy(value)),
  reason: (flags, value) => (flags.reason = messageKey(value)),
  waitingFor: (flags, value) => (flags.waitingFor = messageKey(value)),
  appearedBecause: (flags, value) => (flags.appearedBecause = messageKey(value)),
};

function stepFlags(rules: CompiledRules, data: RuleData): StepStatuses {
  const result = {} as StepStatuses;
  for (let s = 0; s < rules.steps.length; s++) {
    const [id, flagRules] = rules.steps[s]!;
    const flags: StepFlags = {
      completed: false,
      incomplete: false,
      lockedReason: null,
      locked: false,
      editable: false,
      hidden: false,
      error: false,
      omitted: false,
      todo: false,
      reason: null,
      waitingFor: null,
      appearedBecause: null,
    };
    data.stepId = id;
    data.step = flags;
    for (let f = 0; f < flagRules.length; f++) {
      const [flag, rule] = flagRules[f]!;
      SETTERS[flag](flags, rule(data));
    }
    result[id] = flags;
    data.steps[id] = flags;
  }
  data.stepId = null;
  data.step = null;
  return result;
}

function platformStatus(rules: CompiledRules, data: RuleData): PlatformStatus {
  for (const [name, rule] of rules.status) data.status[name] = rule(data);
  return data.status as PlatformStatus;
}

function documentRequirements(rules: CompiledRules, data: RuleData): DocumentRequirements {
  const result: DocumentRequirements = { required: [], optional: [], types: {} };
  for (const requirement of rules.documents) {
    if (!truthy(requirement.when(data))) continue;
    const list = requirement.required ? result.required : result.optional;
    if (!list.includes(requirement.category)) list.push(requirement.category);
    if (requirement.types.length) {
      const types = (result.types[requirement.category] ??= []);
      for (const type of requirement.types) if (!types.includes(type)) types.push(type);
    }
  }
  result.optional = result.optional.filter((category) => !result.required.includes(category));
  // The reason a category is asked: that of a requirement that asks it as it ends up (required, or optional).
  const reasons: Record<string, string> = {};
  for (const requirement of rules.documents) {
    if (!requirement.reason || requirement.category in reasons) continue;
    const asked = requirement.required ? result.required : result.optional;
    if (asked.includes(requirement.category) && truthy(requirement.when(data))) reasons[requirement.category] = requirement.reason;
  }
  if (Object.keys(reasons).length) result.reasons = reasons;
  return result;
}

/**
 * The status of every onboarding step for a merchant record (onboarding spec section 4):
 * completed, incomplete, locked (with its reason), editable, hidden, error, omitted, todo and
 * the reason its row gives, all from the json-logic of `config` (compiled once per configuration object).
 */
export function evaluate(merchant: object, config: RulesConfig): StepStatuses {
  const rules = compiledRulesFor(config);
  return stepFlags(rules, ruleData(rules, merchant, {}));
}

/**
 * The platform status rules and labels (platform spec section 4, onboarding spec "Labels")
 * for a merchant record; `related.kycDocuments` feeds the accepted-agreement rule.
 */
export function evaluateStatus(merchant: object, config: RulesConfig, related: RelatedRecords = {}): PlatformStatus {
  const rules = compiledRulesFor(config);
  const data = ruleData(rules, merchant, related);
  // Status rules may read the steps' flags (`steps.<id>.<flag>`).
  stepFlags(rules, data);
  return platformStatus(rules, data);
}

/** The documents a merchant must and may provide (onboarding spec section 5, `rules/documents.json`). */
export function documentRequirementsFor(merchant: object, config: RulesConfig, related: RelatedRecords = {}): DocumentRequirements {
  const rules = compiledRulesFor(config);
  return documentRequirements(rules, ruleData(rules, merchant, related));
}

/** Everything the rules say about a merchant, sharing one evaluation of the definitions. */
export interface Evaluation {
  steps: StepStatuses;
  status: PlatformStatus;
  documents: DocumentRequirements;
}

/** Steps, platform status and documents at once, from an already compiled configuration. */
export function evaluateCompiled(rules: CompiledRules, merchant: object, related: RelatedRecords = {}): Evaluation {
  const data = ruleData(rules, merchant, related);
  return { steps: stepFlags(rules, data), status: platformStatus(rules, data), documents: documentRequirements(rules, data) };
}

/** Steps, platform status and documents at once (the `npm run rules -- eval` output). */
export function evaluateAll(merchant: object, config: RulesConfig, related: RelatedRecords = {}): Evaluation {
  return evaluateCompiled(compiledRulesFor(config), merchant, related);
}
