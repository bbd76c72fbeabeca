import path from 'node:path';
import { fileURLToPath } from 'node:url';
import definitions from '../../schemas/definitions.json';
import { createFixtureEnvironment } from '../../rules/fixtures/environment';
import { collectFixtureFiles, loadFixtureFile } from '../../rules/fixtures/files';
import type { DefinitionFixture, Fixture, FixtureResult } from '../../rules/fixtures/types';

/**
 * The valid and invalid examples of every definition, with the spec's messages, are the
 * definition fixtures of `test/fixtures/validation/definitions/<definition>.json`, run by
 * `npm run fixtures` and `test/rules/fixtures/allFixtures.test.ts`. This checks that they
 * cover the whole catalogue.
 */
const DEFINITION_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/validation/definitions');

const env = createFixtureEnvironment();
const names = Object.keys(definitions.$defs);

function isDefinitionFixture(item: Fixture | FixtureResult): item is DefinitionFixture {
  return !('ok' in item) && item.kind === 'definition';
}

const fixturesByFile = collectFixtureFiles([DEFINITION_FIXTURES]).map((file) => ({
  file: path.basename(file, '.json'),
  items: loadFixtureFile(file, env),
}));
const fixtures = fixturesByFile.flatMap(({ items }) => items.filter(isDefinitionFixture));

describe('schemas/definitions.json', () => {
  it('has a fixture file of definition fixtures for every definition, named after it', () => {
    expect(fixturesByFile.map(({ file }) => file).sort()).toEqual([...names].sort());
    for (const { file, items } of fixturesByFile) {
      expect(items.map((item) => (isDefinitionFixture(item) ? item.definition : item.kind))).toEqual(items.map(() => file));
    }
  });

  it.each(names)('%s has at least one valid and one invalid definition fixture', (name) => {
    const own = fixtures.filter((fixture) => fixture.definition === name);
    const isValid = (fixture: (typeof own)[number]) => ('valid' in fixture.expect ? fixture.expect.valid : fixture.expect.errors.length === 0);
    expect(own.some(isValid)).toBe(true);
    expect(own.some((fixture) => !isValid(fixture))).toBe(true);
  });

  it('gives every text input a maximum length: 100 unless the spec sets another', () => {
    const textDefinitions = Object.entries(definitions.$defs as Record<string, { type?: string; maxLength?: number; enum?: unknown[]; pattern?: string; format?: string }>)
      .filter(([name, schema]) => schema.type === 'string' && !schema.enum && !schema.format && name !== 'otp' && !name.startsWith('minLength'));
    const withoutLimit = textDefinitions.filter(([, schema]) => schema.maxLength === undefined).map(([name]) => name);
    expect(withoutLimit).toEqual([]);
  });
});
