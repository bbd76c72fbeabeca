import { compileLogic, lookup, LogicError, type CompiledLogic, type VariableResolver } from './compileLogic';
import { operations } from './operations';
import {
  FLAG_ORDER,
  STEP_IDS,
  type FlagName,
  type JsonValue,
  type Logic,
  type RulesConfig,
  type StepId,
} from './types';

/**
 * Turns one rule into a function of its data; `where` names the rule for error messages and
 * `variables` may resolve constant `var` paths to faster readers.
 */
export type LogicCompiler = (logic: Logic, where: string, variables: VariableResolver) => CompiledLogic;

/** The default compiler: closures, with the custom operations of `operations.ts`. */
export const closureCompiler: LogicCompiler = (logic, where, variables) => compileLogic(logic, operations, where, variables);

/** The data slot where an evaluation keeps its definitions in order (beside the `defs` object rules read). */
export interface DefinitionSlots {
  defsList: unknown[];
}

/**
 * Reads `defs.<name>...` of a definition compiled before from its slot in `defsList`, which
 * holds the same value as `defs.<name>`: an index instead of a property lookup by name.
 */
function definitionResolver(indexes: ReadonlyMap<string, number>): VariableResolver {
  return (parts) => {
    const index = parts[0] === 'defs' && parts.length > 1 ? indexes.get(parts[1]!) : undefined;
    if (index === undefined) return undefined;
    const rest = parts.slice(2);
    if (!rest.length) {
      return (data) => {
        const value = (data as DefinitionSlots).defsList[index];
        return value === undefined ? null : value;
      };
    }
    return (data) => {
      const value = (data as DefinitionSlots).defsList[index];
      return value === undefined ? null : lookup(value, rest, null);
    };
  };
}

/** A rules configuration compiled once: every rule a function, in evaluation order. */
export interface CompiledRules {
  defs: ReadonlyArray<readonly [string, CompiledLogic]>;
  steps: ReadonlyArray<readonly [StepId, ReadonlyArray<readonly [FlagName, CompiledLogic]>]>;
  status: ReadonlyArray<readonly [string, CompiledLogic]>;
  tables: Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
  documents: ReadonlyArray<{ category: string; required: boolean; types: readonly string[]; reason?: string; when: CompiledLogic }>;
}

/** Keys starting with `$` are comments in every map of a rules file. */
function entries<T>(map: Record<string, T>): Array<[string, T]> {
  return Object.entries(map).filter(([key]) => !key.startsWith('$'));
}

/** What a rule may read with `var`: each root, and for the named roots the names defined so far. */
interface Scope {
  roots: ReadonlySet<string>;
  names: Readonly<Record<string, ReadonlySet<string>>>;
}

const SCOPED_OPERATIONS = new Set(['filter', 'map', 'reduce', 'all', 'none', 'some']);

/**
 * Checks every constant `var` path of a rule against what exists when the rule runs, so a
 * misspelt definition or flag fails when the configuration loads instead of reading null.
 * Inside filter/map/reduce/all/none/some the data is the list item, which is not checked.
 */
function checkReferences(logic: unknown, scope: Scope, where: string): void {
  if (Array.isArray(logic)) {
    logic.forEach((item, index) => checkReferences(item, scope, `${where}[${index}]`));
    return;
  }
  if (typeof logic !== 'object' || logic === null || Object.keys(logic).length !== 1) return;
  const [op, raw] = Object.entries(logic)[0]!;
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  if (op === 'var' && typeof values[0] === 'string' && values[0] !== '') {
    const [root, name] = values[0].split('.');
    if (!scope.roots.has(root!)) {
      throw new LogicError(where, `"${values[0]}" reads "${root}", which a rule here cannot see (it can read ${[...scope.roots].join(', ')})`);
    }
    const known = scope.names[root!];
    if (known && name !== undefined && !known.has(name)) {
      throw new LogicError(where, `"${values[0]}": "${name}" is not defined ${root === 'tables' ? '' : 'before this rule '}in ${root}`);
    }
  }
  const checked = SCOPED_OPERATIONS.has(op) ? values.slice(0, 1).concat(values.slice(2)) : values;
  checked.forEach((value, index) => checkReferences(value, scope, `${where}.${op}[${index}]`));
}

function requireObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LogicError(where, 'must be an object');
  }
  return value as Record<string, unknown>;
}

function compileDefs(config: RulesConfig, compile: LogicCompiler, indexes: Map<string, number>): CompiledRules['defs'] {
  const defs = requireObject(requireObject(config.defs, 'defs').defs, 'defs.defs') as Record<string, Logic>;
  const variables = definitionResolver(indexes);
  return entries(defs).map(([name, logic], index) => {
    const where = `defs.${name}`;
    const defined = new Set(indexes.keys());
    checkReferences(logic, { roots: new Set(['merchant', 'kyc_documents', 'defs']), names: { defs: defined } }, where);
    const compiled = [name, compile(logic, where, variables)] as const;
    indexes.set(name, index);
    return compiled;
  });
}

function isFlagName(name: string): name is FlagName {
  return (FLAG_ORDER as readonly string[]).includes(name);
}

function compileSteps(config: RulesConfig, compile: LogicCompiler, defs: ReadonlySet<string>, variables: VariableResolver): CompiledRules['steps'] {
  const stepRules = requireObject(config.steps, 'steps');
  const defaults = requireObject(stepRules.defaults, 'steps.defaults') as Record<string, Logic>;
  const steps = requireObject(stepRules.steps, 'steps.steps') as Record<string, Record<string, Logic>>;
  for (const [name] of entries(defaults)) {
    if (!isFlagName(name)) throw new LogicError(`steps.defaults.${name}`, `unknown flag (flags: ${FLAG_ORDER.join(', ')})`);
  }
  for (const [id, rules] of entries(steps)) {
    if (!(STEP_IDS as readonly string[]).includes(id)) {
      throw new LogicError(`steps.steps.${id}`, `unknown step (steps: ${STEP_IDS.join(', ')})`);
    }
    for (const [name] of entries(requireObject(rules, `steps.steps.${id}`))) {
      if (!isFlagName(name)) throw new LogicError(`steps.steps.${id}.${name}`, `unknown flag (flags: ${FLAG_ORDER.join(', ')})`);
    }
  }
  const earlierSteps = new Set<string>();
  return STEP_IDS.map((id) => {
    const own = steps[id];
    if (!own) throw new LogicError(`steps.steps.${id}`, 'missing: every step needs its rules');
    const earlier = new Set<string>();
    const flags = FLAG_ORDER.map((flag) => {
      const fromStep = Object.prototype.hasOwnProperty.call(own, flag);
      if (!fromStep && !Object.prototype.hasOwnProperty.call(defaults, flag)) {
        throw new LogicError(`steps.steps.${id}.${flag}`, 'missing, and steps.defaults has no rule for it');
      }
      const where = fromStep ? `steps.steps.${id}.${flag}` : `steps.defaults.${flag} (for ${id})`;
      const logic = (fromStep ? own[flag] : defaults[flag]) as Logic;
      checkReferences(
        logic,
        { roots: new Set(['merchant', 'kyc_documents', 'defs', 'step', 'steps', 'stepId']), names: { defs, step: earlier, steps: earlierSteps } },
        where,
      );
      earlier.add(flag);
      return [flag, compile(logic, where, variables)] as const;
    });
    earlierSteps.add(id);
    return [id, flags] as const;
  });
}

function compileStatus(config: RulesConfig, compile: LogicCompiler, defs: ReadonlySet<string>, variables: VariableResolver) {
  const statusRules = requireObject(config.status, 'status');
  const tables = requireObject(statusRules.tables, 'status.tables') as CompiledRules['tables'];
  const rules = requireObject(statusRules.rules, 'status.rules') as Record<string, Logic>;
  const tableNames = new Set(entries(tables).map(([name]) => name));
  const earlier = new Set<string>();
  const status = entries(rules).map(([name, logic]) => {
    const where = `status.rules.${name}`;
    checkReferences(
      logic,
      {
        roots: new Set(['merchant', 'kyc_documents', 'requested_product', 'defs', 'steps', 'status', 'tables']),
        names: { defs, steps: new Set<string>(STEP_IDS), status: earlier, tables: tableNames },
      },
      where,
    );
    earlier.add(name);
    return [name, compile(logic, where, variables)] as const;
  });
  return { status, tables };
}

function compileDocuments(
  config: RulesConfig,
  compile: LogicCompiler,
  defs: ReadonlySet<string>,
  variables: VariableResolver,
): CompiledRules['documents'] {
  const requirements = requireObject(config.documents, 'documents').requirements;
  if (!Array.isArray(requirements)) throw new LogicError('documents.requirements', 'must be a list');
  return requirements.map((entry: unknown, index) => {
    const where = `documents.requirements[${index}]`;
    const requirement = requireObject(entry, where);
    const { category, required, types = [], entities, when = true, reason } = requirement;
    if (reason !== undefined && typeof reason !== 'string') throw new LogicError(`${where}.reason`, 'must be a text');
    if (typeof category !== 'string' || !category) throw new LogicError(`${where}.category`, 'must be a document category code');
    if (typeof required !== 'boolean') throw new LogicError(`${where}.required`, 'must be true or false');
    if (!Array.isArray(types) || !types.every((type) => typeof type === 'string')) {
      throw new LogicError(`${where}.types`, 'must be a list of document type codes');
    }
    if (entities !== undefined && (!Array.isArray(entities) || !entities.every((entity) => typeof entity === 'string'))) {
      throw new LogicError(`${where}.entities`, 'must be a list of business entity names');
    }
    checkReferences(when, { roots: new Set(['merchant', 'kyc_documents', 'defs']), names: { defs } }, `${where}.when`);
    // `entities` is the matrix's own shorthand: the requirement applies to merchants of those entities (and when `when` holds).
    const condition = entities === undefined ? when : { and: [{ in: [{ var: 'defs.entity' }, entities] }, when] };
    return { category, required, types: types as string[], ...(reason ? { reason } : {}), when: compile(condition as Logic, `${where}.when`, variables) };
  });
}

/**
 * Compiles a whole rules configuration, checking its shape and every reference; throws a
 * `LogicError` naming the file and key of the first problem.
 */
export function compileRules(config: RulesConfig, compile: LogicCompiler = closureCompiler): CompiledRules {
  const indexes = new Map<string, number>();
  const defs = compileDefs(config, compile, indexes);
  const defined = new Set(indexes.keys());
  const variables = definitionResolver(indexes);
  const steps = compileSteps(config, compile, defined, variables);
  const { status, tables } = compileStatus(config, compile, defined, variables);
  const documents = compileDocuments(config, compile, defined, variables);
  return { defs, steps, status, tables, documents };
}

const cache = new WeakMap<RulesConfig, CompiledRules>();

/** The compiled form of a configuration, compiled on first use. Configurations are treated as immutable. */
export function compiledRulesFor(config: RulesConfig): CompiledRules {
  let compiled = cache.get(config);
  if (!compiled) {
    compiled = compileRules(config);
    cache.set(config, compiled);
  }
  return compiled;
}
