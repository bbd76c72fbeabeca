import { STEP_IDS } from '../schemas/journeySteps';

export { STEP_IDS };

/** A JSON value, as read from a rules or record file. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A json-logic rule: a JSON value whose one-key objects are operations (jsonlogic.com). */
export type Logic = JsonValue;

/** An onboarding step id: one of {@link STEP_IDS}. */
export type StepId = string;

/**
 * The flags of a step, in evaluation order: a rule may read the flags before it through
 * `{"var": "step.<flag>"}` (so `locked` can derive from `lockedReason`, `todo` from both,
 * and `reason` from all the others), and every flag of a step before it in journey order through
 * `{"var": "steps.<step id>.<flag>"}`. `waitingFor` is ours, not the spec's: for a step to do whose next move is
 * not the merchant's now (a review, a deposit, another step), a message key saying what it waits for;
 * `appearedBecause`, ours too: for a step the rules show only once something happened, why it is there.
 */
export const FLAG_ORDER = [
  'completed',
  'incomplete',
  'lockedReason',
  'locked',
  'editable',
  'hidden',
  'error',
  'omitted',
  'todo',
  'reason',
  'waitingFor',
  'appearedBecause',
] as const;

/** A flag name of `FLAG_ORDER`. */
export type FlagName = (typeof FLAG_ORDER)[number];

/** The flags whose value is a message key of `schemas/messages/en.json` (or null), not a boolean. */
export const MESSAGE_FLAGS = ['lockedReason', 'reason', 'waitingFor', 'appearedBecause'] as const;

/** A flag name of `MESSAGE_FLAGS`. */
export type MessageFlagName = (typeof MESSAGE_FLAGS)[number];

/** The boolean flags (every flag except the message flags). */
export type BooleanFlagName = Exclude<FlagName, MessageFlagName>;

/**
 * The evaluated status of one step: the spec's words, plus why it is locked (`lockedReason`)
 * and the one line its row shows about its state when it is not locked (`reason`), each a
 * message key or null.
 */
export type StepFlags = { [flag in BooleanFlagName]: boolean } & { [flag in MessageFlagName]: string | null };

/** The evaluated status of every step. */
export type StepStatuses = Record<StepId, StepFlags>;

/** The flags of one step of `steps`; a step id that is not one of {@link STEP_IDS} is a programming error, and throws. */
export function flagsOf(steps: StepStatuses, id: StepId): StepFlags {
  const flags = steps[id];
  if (!flags) throw new Error(`Unknown step ${id} (steps: ${STEP_IDS.join(', ')})`);
  return flags;
}

/** Named json-logic definitions evaluated once per record, in order; later ones may read earlier ones. */
export type Definitions = Record<string, Logic>;

/** `rules/steps.json`: per-step flag rules and the defaults a step does not override. */
export interface StepRulesConfig {
  $id?: string;
  $comment?: string;
  defaults: Partial<Record<FlagName, Logic>>;
  steps: Record<StepId, Partial<Record<FlagName, Logic>> & { $comment?: string }>;
}

/** `rules/status.json`: the platform status rules and label mappings, by output name. */
export interface StatusRulesConfig {
  $id?: string;
  $comment?: string;
  tables: Record<string, Record<string, JsonValue>>;
  rules: Record<string, Logic>;
}

/** One entry of `rules/documents.json`: a document category the merchant must or may provide. */
export interface DocumentRequirement {
  $comment?: string;
  category: string;
  required: boolean;
  /** Why it is asked, in a line (staff read it; a documents fixture may name it). */
  reason?: string;
  /** The business entities (by name, `defs.entity`) the requirement applies to; absent: every entity. */
  entities?: string[];
  /** A further condition, json-logic over merchant, kyc_documents and defs; absent: always. */
  when?: Logic;
  types?: string[];
}

/** `rules/documents.json`: per-entity document requirements. */
export interface DocumentRulesConfig {
  $id?: string;
  $comment?: string;
  requirements: DocumentRequirement[];
}

/** `rules/defs.json`: definitions shared by the step, status and document rules. */
export interface DefinitionsConfig {
  $id?: string;
  $comment?: string;
  defs: Definitions;
}

/** The whole rules configuration: what the server serves as the active version. */
export interface RulesConfig {
  defs: DefinitionsConfig;
  steps: StepRulesConfig;
  status: StatusRulesConfig;
  documents: DocumentRulesConfig;
}

/** The platform statuses and labels of `rules/status.json`, by output name. */
export type PlatformStatus = Record<string, JsonValue>;

/** The documents a merchant must and may provide, with the document types each category accepts. */
export interface DocumentRequirements {
  required: string[];
  optional: string[];
  types: Record<string, string[]>;
  /** Why each category is asked (the reason of the requirement that asks it, required before optional), where one is given. */
  reasons?: Record<string, string>;
}
