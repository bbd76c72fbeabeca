/**
 * Compiles the validators ahead of time into standalone ES modules (`ajv/dist/standalone`), so that no Ajv compiles
 * anything in the browser and the app runs under a CSP without `'unsafe-eval'`. Two flavours:
 *
 * - `browser`: per form of `schemas/registry.ts` (`browserForms`: the steps and the console's matrix) a module of its own,
 *   `virtual:precompiled-validators/step/<step>`: the step schema's validator, those of the subschemas rjsf asks
 *   `isValid` about while it renders the step (its if/then conditions, found with rjsf's own `schemaParser` on the
 *   schema as `renderer/renderableSchema.ts` prepares it) and those of its fields that can be checked alone. Without
 *   the server-only `ifscKnown` check. `virtual:precompiled-validators` is their index (a loader per step schema `$id`),
 *   so a page downloads the validators of the step it opens only. Served to the app by the Vite plugin
 *   `scripts/vite-plugin-precompiled-validators.ts`.
 * - `server`: every schema of `schemas/` by `$id`, and every definition of `schemas/definitions.json` by
 *   `<$id>#/$defs/<name>`, with `ifscKnown`: what the fixture runner validates with (`npm run fixtures -- --precompiled`).
 *
 * `npx tsx scripts/compile-validators.ts [server|<step>] [out.mjs]` prints (or writes) one module, with its size.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { hashForSchema, schemaParser } from '@rjsf/utils';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv';
import { inlineRefs } from '../schemas/inlineRefs';
import { renderableSchema } from '../renderer/renderableSchema';
import { AJV_CONFIG, AjvClass, extendAjv } from '../schemas/ajv';
import definitions from '../schemas/definitions.json';
import documentTexts from '../schemas/messages/documents.en.json';
import stepComponentTexts from '../schemas/messages/stepComponents.en.json';
import stepTexts from '../schemas/messages/steps.en.json';
import { fieldLevelSchemas, refResolverOver } from '../schemas/fieldLevelSchemas';
import { allSchemas, browserForms, masterTables, stepDefinitions, stepSchemaFiles } from '../schemas/registry';
import type { JsonSchema } from '../schemas/types';

/** Which validators a module holds: the app's (steps, no server-only checks) or the server's (everything). */
export type ValidatorFlavour = 'browser' | 'server';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_MODULE = resolve(PROJECT_ROOT, 'schemas/keywords/standaloneRuntime.ts');
/** The base of the `$id`s given to the rjsf subschemas (and their step's root) while compiling. */
const SUBSCHEMA_BASE = 'https://onboarding.local/precompiled/';

/** Ajv's own `require`s in standalone code and what the generated module uses instead (see standaloneRuntime.ts). */
const RUNTIME_REQUIRES: Record<string, string> = {
  'require("ajv/dist/runtime/equal").default': 'standaloneRuntime.equal',
  'require("ajv/dist/runtime/ucs2length").default': 'standaloneRuntime.ucs2length',
  'require("ajv-formats/dist/formats").fullFormats': 'standaloneRuntime.fullFormats',
};

/**
 * Standalone code as an ES module without `require`: Ajv's runtime helpers come from `standaloneRuntime.ts`, and the
 * project functions of the custom keywords (`require("file:///...")["name"]`, see schemas/keywords/moduleFunction.ts)
 * become named imports of their module. Any other `require` is an error: it would fail in the browser.
 */
function asEsModule(code: string, moduleSpecifier: (file: string) => string): string {
  const imports = new Map<string, Set<string>>();
  const importedFrom = new Map<string, string>();
  let body = code.replace(/require\("([^"]+)"\)(\.default|\.fullFormats|\["(\w+)"\])?/g, (call: string, module: string, _member, name?: string) => {
    if (RUNTIME_REQUIRES[call]) return RUNTIME_REQUIRES[call];
    if (module.startsWith('file:') && name) {
      const file = moduleSpecifier(fileURLToPath(module));
      if ((importedFrom.get(name) ?? file) !== file) throw new Error(`compile-validators: two keyword modules export ${name}`);
      importedFrom.set(name, file);
      (imports.get(file) ?? imports.set(file, new Set()).get(file)!).add(name);
      return name;
    }
    throw new Error(`compile-validators: generated code requires ${call}; map it in RUNTIME_REQUIRES or use a code keyword with moduleFunction()`);
  });
  // In code a call reads `require("`; inside the JSON of a schema constant its quote would be escaped.
  if (/\brequire\("/.test(body)) throw new Error('compile-validators: generated code still calls require()');
  body = body.replace(/^"use strict";/, '');
  const importLines = [`import { standaloneRuntime } from ${JSON.stringify(moduleSpecifier(RUNTIME_MODULE))};`];
  for (const [file, names] of imports) importLines.push(`import { ${[...names].join(', ')} } from ${JSON.stringify(file)};`);
  return `// Generated by scripts/compile-validators.ts; do not edit.\n${importLines.join('\n')}\n${body}\n`;
}

/** A copy of `schema` whose local `$ref`s (`#/...`) point into the document `rootId`. */
function withRefsInto(schema: unknown, rootId: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefsInto(item, rootId));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${rootId}${value}` : withRefsInto(value, rootId)]),
  );
}

function newAjv(flavour: ValidatorFlavour) {
  // In the browser a definition's code is one function that every step and field validator calls, not a copy in each
  // (inlineRefs off); its errors' schemaPath then starts at the definition. The server's keep Ajv's inlined paths.
  const ajv = extendAjv(new AjvClass({ ...AJV_CONFIG, inlineRefs: flavour === 'server', code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } }), {
    serverChecks: flavour === 'server',
  });
  for (const schema of allSchemas) ajv.addSchema(schema);
  return ajv;
}

/** The module specifiers of the precompiled validators: the browser's index, a step's module, the server's. */
export const VALIDATOR_MODULES = {
  index: 'virtual:precompiled-validators',
  stepPrefix: 'virtual:precompiled-validators/step/',
  server: 'virtual:precompiled-validators/server',
} as const;

/**
 * The exports and manifest of one step's browser module: its validator, those of its rjsf subschemas, and those of its
 * fields that can be validated alone (`schemas/fieldLevelSchemas.ts`), by instance path.
 */
function stepExports(ajv: ReturnType<typeof newAjv>, step: string) {
  const { schema } = browserForms[step]!;
  const refs: Record<string, string> = {};
  const resolve = refResolverOver([...allSchemas, definitions as JsonSchema]);
  // As registry.ts shippedForms has it; computed here, since a tool may add a form after the registry loaded (the benchmark).
  const inlined = inlineRefs(schema, stepSchemaFiles);
  const rendered = renderableSchema(inlined);
  const rootId = `${SUBSCHEMA_BASE}${step}/root.json`;
  ajv.addSchema({ ...rendered, $id: rootId });
  refs.validate = schema.$id as string;
  const subschemas: string[] = [];
  const rootKey = hashForSchema(rendered);
  Object.entries(schemaParser(rendered)).forEach(([key, subschema], index) => {
    if (key === rootKey) return;
    const id = `${SUBSCHEMA_BASE}${step}/${index}.json`;
    ajv.addSchema({ ...(withRefsInto(subschema, rootId) as JsonSchema), $id: id });
    refs[`subschema${index}`] = id;
    subschemas.push(`${JSON.stringify(key)}: subschema${index}`);
  });
  const fields = fieldLevelSchemas(schema, resolve).map(({ key, schema: fieldSchema }, index) => {
    const id = `${SUBSCHEMA_BASE}${step}/field${index}.json`;
    ajv.addSchema({ ...fieldSchema, $id: id });
    refs[`field${index}`] = id;
    return `${JSON.stringify(key)}: field${index}`;
  });
  const form = `export const form = ${JSON.stringify(stepFormData(step, inlined))};`;
  return { refs, manifest: `export const step = { validate, subschemas: { ${subschemas.join(', ')} }, fields: { ${fields.join(', ')} } };\n${form}` };
}

/**
 * What the browser renders a form from, shipped in the form's module with its validators so that a page downloads only
 * the steps it opens: the schema with its cross-file `$ref`s inlined (its `$id` kept: the validators are found by it)
 * and, for a step, its definition and the master tables the definition reads (`master.<name>`).
 */
function stepFormData(step: string, schema: JsonSchema) {
  const definition = stepDefinitions[step];
  if (definition === undefined) return { schema, texts: textsNamedBy(schema) };
  const names = new Set([...JSON.stringify(definition).matchAll(/"master\.(\w+)/g)].map((match) => match[1]!));
  const master = withoutComments(Object.fromEntries(Object.entries(masterTables).filter(([name]) => names.has(name))));
  return { schema, definition: withoutComments(definition), master, texts: textsNamedBy([schema, definition, master]) };
}

/**
 * Data without its notes for the people who edit it (`$comment`, `$comment:<name>`): the browser never reads them
 * (the master tables' run to kilobytes). Not for the schema, whose validators are found by rjsf's hash of it as it is.
 */
function withoutComments<T>(data: T): T {
  return JSON.parse(JSON.stringify(data, (key, value: unknown) => (/^\$comment(:|$)/.test(key) ? undefined : value))) as T;
}

/**
 * The texts a form may name besides the main catalogue's: the steps' own (`schemas/messages/steps.en.json`: labels,
 * hints, choices and messages that only step data names), and those of the features whose screens it sits beside
 * (the documents', the step components': `documents.submit`), which would otherwise arrive only with those screens.
 */
const SHIPPED_WITH_FORMS: Record<string, string> = { ...documentTexts, ...stepComponentTexts, ...stepTexts };

/**
 * The English texts of {@link SHIPPED_WITH_FORMS} that `data` names: a form brings its own texts, not every step's.
 * Other languages' come whole with the language (src/shared/ui/language.ts).
 */
function textsNamedBy(data: unknown): Record<string, string> {
  const catalogue = SHIPPED_WITH_FORMS;
  const texts: Record<string, string> = {};
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value !== '$id' && Object.prototype.hasOwnProperty.call(catalogue, value)) texts[value] = catalogue[value]!;
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(data);
  return texts;
}

/** The browser's index: per step schema `$id`, its step and a loader of its module. */
function indexModule(): string {
  const entries = Object.entries(browserForms).map(
    ([step, { schema }]) =>
      `  ${JSON.stringify(schema.$id)}: { step: ${JSON.stringify(step)}, load: () => import(${JSON.stringify(VALIDATOR_MODULES.stepPrefix + step)}) },`,
  );
  return `// Generated by scripts/compile-validators.ts; do not edit.\nexport const stepValidatorModules = {\n${entries.join('\n')}\n};\n`;
}

/** The exports and manifest of the server flavour: every schema and definition by its `$id` (or `$id#/$defs/name`). */
function serverExports() {
  const ids = [
    ...allSchemas.map((schema) => schema.$id as string),
    ...Object.keys(definitions.$defs).map((name) => `${definitions.$id}#/$defs/${name}`),
  ];
  const refs = Object.fromEntries(ids.map((id, index) => [`v${index}`, id]));
  const entries = ids.map((id, index) => `  ${JSON.stringify(id)}: v${index},`);
  return { refs, manifest: `export const validators = {\n${entries.join('\n')}\n};` };
}

/**
 * The code of a precompiled-validators module by its specifier ({@link VALIDATOR_MODULES}), or undefined when it names
 * none. `moduleSpecifier` turns an absolute file path into the specifier the module imports it by (the path itself for
 * Vite; a file URL for Node).
 */
export function compileValidatorsModule(specifier: string, moduleSpecifier: (file: string) => string = (file) => file): string | undefined {
  if (specifier === VALIDATOR_MODULES.index) return indexModule();
  const flavour: ValidatorFlavour = specifier === VALIDATOR_MODULES.server ? 'server' : 'browser';
  const step = specifier.startsWith(VALIDATOR_MODULES.stepPrefix) ? specifier.slice(VALIDATOR_MODULES.stepPrefix.length) : undefined;
  if (flavour === 'browser' && !(step && Object.prototype.hasOwnProperty.call(browserForms, step))) return undefined;
  const ajv = newAjv(flavour);
  const { refs, manifest } = step ? stepExports(ajv, step) : serverExports();
  return `${asEsModule(standaloneCode(ajv, refs), moduleSpecifier)}\n${manifest}\n`;
}

/**
 * Writes the server flavour where Node can import it (its imports resolve from the project's node_modules) and
 * returns the file: how Node tools without Vite (the fixture runner) load the precompiled validators.
 */
export function writeServerValidators(file = resolve(PROJECT_ROOT, 'node_modules/.cache/precompiled-validators/server.mjs')): string {
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed, so a concurrent run never imports a half-written module.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, compileValidatorsModule(VALIDATOR_MODULES.server, (path) => pathToFileURL(path).href)!);
  renameSync(partial, file);
  return file;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [which = 'server', out] = process.argv.slice(2);
  const code = compileValidatorsModule(which === 'server' ? VALIDATOR_MODULES.server : VALIDATOR_MODULES.stepPrefix + which);
  if (code === undefined) {
    console.error(`usage: npx tsx scripts/compile-validators.ts [server|${Object.keys(browserForms).join('|')}] [out.mjs]`);
    process.exitCode = 2;
  } else {
    if (out) writeFileSync(out, code);
    else console.log(code);
    console.error(`${which} validators: ${(code.length / 1024).toFixed(1)} KiB raw, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KiB gzip (before minification)`);
  }
}
