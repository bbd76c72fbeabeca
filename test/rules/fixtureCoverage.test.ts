import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rulesConfig from '../../rules/config';
import { createFixtureEnvironment } from '../../rules/fixtures/environment';
import { collectFixtureFiles, loadFixtureFile } from '../../rules/fixtures/files';
import { runFixture } from '../../rules/fixtures/runFixture';
import type { Fixture, FixtureResult, MerchantFixture } from '../../rules/fixtures/types';
import type { RulesConfig } from '../../rules/types';

/**
 * Mutation check of test/fixtures against the shipped rules: every operation is negated and
 * every literal changed, one at a time, and at least one fixture must then fail. A mutant no
 * fixture notices is a clause no fixture pins down.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

type Path = Array<string | number>;
interface Mutant {
  path: Path;
  replacement: unknown;
}

function isOperation(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && Object.keys(node).length === 1;
}

function mutateLiteral(value: unknown): unknown {
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1000;
  return 'mutant';
}

/** The mutants of one rule: each operation negated, each literal changed; `var` paths are left alone. */
function mutantsOf(node: unknown, at: Path, found: Mutant[]): Mutant[] {
  if (Array.isArray(node)) {
    node.forEach((item, index) => mutantsOf(item, [...at, index], found));
  } else if (isOperation(node)) {
    const [op, values] = Object.entries(node)[0]!;
    if (op === 'var') return found;
    found.push({ path: at, replacement: { '!': [node] } });
    mutantsOf(values, [...at, op], found);
  } else if (typeof node !== 'object' || node === null) {
    found.push({ path: at, replacement: mutateLiteral(node) });
  }
  return found;
}

function allMutants(config: RulesConfig): Mutant[] {
  const found: Mutant[] = [];
  const rules = (map: Record<string, unknown>, at: Path) => {
    for (const [name, rule] of Object.entries(map)) if (!name.startsWith('$')) mutantsOf(rule, [...at, name], found);
  };
  rules(config.defs.defs, ['defs', 'defs']);
  rules(config.steps.defaults, ['steps', 'defaults']);
  for (const [step, flags] of Object.entries(config.steps.steps)) rules(flags, ['steps', 'steps', step]);
  rules(config.status.rules, ['status', 'rules']);
  for (const [table, labels] of Object.entries(config.status.tables)) rules(labels, ['status', 'tables', table]);
  config.documents.requirements.forEach((requirement, index) => {
    if (requirement.when !== undefined) mutantsOf(requirement.when, ['documents', 'requirements', index, 'when'], found);
    // Each entity named changed; a requirement of every entity restricted to none of them.
    if (requirement.entities) mutantsOf(requirement.entities, ['documents', 'requirements', index, 'entities'], found);
    else found.push({ path: ['documents', 'requirements', index, 'entities'], replacement: ['mutant'] });
    mutantsOf(requirement.types ?? [], ['documents', 'requirements', index, 'types'], found);
    found.push({ path: ['documents', 'requirements', index, 'required'], replacement: !requirement.required });
  });
  return found;
}

function applyMutant(config: RulesConfig, mutant: Mutant): RulesConfig {
  const copy = structuredClone(config) as unknown as Record<string | number, unknown>;
  let parent = copy;
  for (const key of mutant.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[mutant.path.at(-1)!] = mutant.replacement;
  return copy as unknown as RulesConfig;
}

describe('test/fixtures', () => {
  it('pin down every clause of the shipped rules', () => {
    const env = createFixtureEnvironment();
    const fixtures = collectFixtureFiles([FIXTURES])
      .flatMap((file) => loadFixtureFile(file, env))
      .filter((item: Fixture | FixtureResult): item is MerchantFixture => !('ok' in item) && item.kind === 'merchant');
    expect(fixtures.every((fixture) => runFixture(fixture, env).ok)).toBe(true);

    const mutants = allMutants(rulesConfig);
    expect(mutants.length).toBeGreaterThan(250);
    // Neighbouring clauses are pinned by the same fixtures: the fixture that noticed the last mutant is tried first.
    const order = [...fixtures];
    const noticed = (mutant: Mutant) => {
      const mutated = { ...env, config: applyMutant(rulesConfig, mutant) };
      const index = order.findIndex((fixture) => !runFixture(fixture, mutated).ok);
      if (index > 0) order.unshift(...order.splice(index, 1));
      return index >= 0;
    };
    const unnoticed = mutants.filter((mutant) => !noticed(mutant));
    expect(unnoticed.map((mutant) => `${mutant.path.join('.')} -> ${JSON.stringify(mutant.replacement).slice(0, 80)}`)).toEqual([]);
  }, 120_000);
});
