import { message } from '../../../schemas/messages';
import type { AjvInstance } from '../../../schemas/ajv';
import type { JsonSchema } from '../../../schemas/types';
import { validationError } from '../../errors';
import type { StepId } from '../../../rules/evaluate';
import { bodyMatches, describeKeySet, keySetOf, keySetsOverlap, type KeySet } from './keySets';
import type { StepUpdate } from './types';

/** The `$id` of a step's schema. */
export const stepSchemaId = (step: string) => `https://onboarding.local/schemas/steps/${step}.json`;

/** One kind of PUT /merchants/{uuid} body: the update that stores it, the schema that checks it, and its key set. */
export interface BodyKind {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the update checks its own data against `schemaId` first
  update: StepUpdate<any, any, StepId | null>;
  schemaId: string;
  keys: KeySet;
}

/** The kinds of body of `updates`, each with its schema's key set; throws when two kinds would admit the same body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as BodyKind.update
export function bodyKindsOf(ajv: AjvInstance, updates: ReadonlyArray<StepUpdate<any, any, StepId | null>>): BodyKind[] {
  const kinds = updates.map((update) => {
    const schemaId = update.schema ?? stepSchemaId(update.step ?? '');
    const validate = ajv.getSchema(schemaId);
    if (!validate) throw new Error(`No schema ${schemaId} for the update ${update.name}`);
    return { update, schemaId, keys: keySetOf(validate.schema as JsonSchema) };
  });
  kinds.forEach((kind, index) =>
    kinds.slice(index + 1).forEach((other) => {
      if (keySetsOverlap(kind.keys, other.keys)) {
        throw new Error(`The bodies of ${kind.update.name} ${describeKeySet(kind.keys)} and ${other.update.name} ${describeKeySet(other.keys)} overlap: no body may be of two kinds`);
      }
    }),
  );
  return kinds;
}

/**
 * The kind of a body: the one whose key set its keys match exactly (`exact`), else the kind sharing the most keys with
 * it when one does (not to store anything by: its schema then says, field by field, what is missing or not accepted),
 * else none.
 */
export function bodyKindFor(kinds: readonly BodyKind[], body: Record<string, unknown>): { kind: BodyKind; exact: boolean } | null {
  const keys = Object.keys(body);
  const kind = kinds.find((candidate) => bodyMatches(keys, candidate.keys));
  if (kind) return { kind, exact: true };
  const shared = (candidate: BodyKind) => keys.filter((key) => candidate.keys.required.includes(key) || candidate.keys.optional.includes(key)).length;
  const most = Math.max(0, ...kinds.map(shared));
  const closest = kinds.filter((candidate) => shared(candidate) === most);
  return most > 0 && closest.length === 1 ? { kind: closest[0]!, exact: false } : null;
}

/** The refusal of a body of no kind: what was sent, and the kinds there are. */
export function noKindError(kinds: readonly BodyKind[], body: Record<string, unknown>): Error {
  return validationError({
    merchant: [message('merchantUpdate.noKind', { sent: `{${Object.keys(body).join(', ')}}`, kinds: kinds.map((candidate) => describeKeySet(candidate.keys)).join('; ') })],
  });
}
