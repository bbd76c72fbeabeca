import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every JSON file under `folder`, recursively. */
function jsonFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/** The values of every `ui:field` key in a JSON value. */
function uiFields(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(uiFields);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'ui:field' && typeof inner === 'string' ? [inner] : uiFields(inner)));
}

// scripts/vite-plugin-without-unused-modules.ts leaves rjsf's grid-layout fields out of the browser build: they render
// only for a uiSchema that names them, and no form of ours may (the build's stand-ins would throw).
describe('the rjsf fields the browser build leaves out', () => {
  it('are named by no uiSchema: step definitions, the console\'s forms or any other schema file', () => {
    const named = jsonFiles('schemas').flatMap((file) => uiFields(JSON.parse(readFileSync(file, 'utf8'))).map((field) => `${file}: ${field}`));
    expect(named.filter((entry) => /Layout(Grid|Header|MultiSchema)Field$/.test(entry))).toEqual([]);
  });
});
