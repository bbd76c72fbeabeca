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

/** The string values of every `name` key (`ui:field`, `ui:widget`, `format`) in a JSON value. */
function valuesOf(name: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesOf(name, item));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === name && typeof inner === 'string' ? [inner] : valuesOf(name, inner)));
}
const uiFields = (value: unknown) => valuesOf('ui:field', value);

// scripts/vite-plugin-without-unused-modules.ts leaves rjsf's grid-layout fields out of the browser build: they render
// only for a uiSchema that names them, and no form of ours may (the build's stand-ins would throw).
describe('the rjsf fields and widgets the browser build leaves out', () => {
  it('are named by no uiSchema: step definitions, the console\'s forms or any other schema file', () => {
    const named = jsonFiles('schemas').flatMap((file) => uiFields(JSON.parse(readFileSync(file, 'utf8'))).map((field) => `${file}: ${field}`));
    expect(named.filter((entry) => /Layout(Grid|Header|MultiSchema)Field$/.test(entry))).toEqual([]);
  });

  it("leave out rjsf's widgets that only a uiSchema or a format no schema file has would show", () => {
    const files = jsonFiles('schemas').map((file) => [file, JSON.parse(readFileSync(file, 'utf8')) as unknown] as const);
    const widgets = files.flatMap(([file, json]) => valuesOf('ui:widget', json).map((widget) => `${file}: ${widget}`));
    expect(widgets.filter((entry) => /: (alt-date|alt-datetime|file|rating|color|AltDateWidget|AltDateTimeWidget|FileWidget|RatingWidget|ColorWidget)$/.test(entry))).toEqual([]);
    const formats = files.flatMap(([file, json]) => valuesOf('format', json).map((format) => `${file}: ${format}`));
    expect(formats.filter((entry) => /: (data-url|color)$/.test(entry))).toEqual([]);
  });
});
