import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The layers (docs/architecture.md, "Layers"): each folder may import only the folders below it. The tools' folders
// (scripts, test, bench, e2e) may import any layer; no layer imports them.
const TOOLS = ['./scripts', './test', './bench', './e2e'];
const LAYERS = [
  { folder: './schemas', mayNotImport: ['./rules', './common', './ui', './widgets', './renderer', './src', './server'] },
  { folder: './rules', mayNotImport: ['./common', './ui', './widgets', './renderer', './src', './server'] },
  { folder: './common', mayNotImport: ['./ui', './widgets', './renderer', './src', './server'] },
  { folder: './ui', mayNotImport: ['./rules', './widgets', './renderer', './src', './server'] },
  { folder: './widgets', mayNotImport: ['./renderer', './src', './server'] },
  { folder: './renderer', mayNotImport: ['./src', './server'] },
  { folder: './src', mayNotImport: ['./server'] },
  { folder: './server', mayNotImport: ['./ui', './widgets', './renderer', './src'] },
];
const layerZones = LAYERS.flatMap(({ folder, mayNotImport }) =>
  [...mayNotImport, ...TOOLS].map((from) => ({ target: folder, from, message: `${folder.slice(2)}/ may not import ${from.slice(2)}/ (docs/architecture.md, "Layers")` })),
);

// Features use each other only through a feature's public entry, its index.ts; the app (src/app) composes them and
// may reach their pages directly (each page its own lazily loaded chunk). A feature's texts loader (load…Texts) may be
// imported beside its entry: the entries are in the first load (or bring the stepper's pieces), and the texts, which
// only lazily loaded screens show, must not join them.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const PUBLIC_BESIDE_INDEX = { documents: ['./documentTexts.ts'], onboarding: ['./components/addendaTexts.ts'] };
const featureZones = FEATURES.map((feature) => ({
  target: FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
  from: `./src/features/${feature}`,
  except: ['./index.ts', ...(PUBLIC_BESIDE_INDEX[feature] ?? [])],
  message: `use the ${feature} feature through its public entry, src/features/${feature}/index.ts`,
}));
const sharedZone = { target: './src/shared', from: ['./src/features', './src/app'], message: 'src/shared/ is below the features and the app' };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'schemas/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React's rules where React is: the browser's code and the component tests (the compiler-based ones analyse every
    // function of a file they are given: over the server, the scripts and the server tests they were half the lint).
    files: ['{src,ui,widgets,renderer,common}/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Specifiers without an extension, and the build scripts' `.js` ones that name a `.ts` file.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones, sharedZone] }],
    },
  },
  {
    // The shipped code has no import cycles. Tools and tests are left out: they import the code, it never imports
    // them, so they close no cycle of it, and following their imports would only cost lint time. A cycle closed by a
    // lazy import() is allowed: the lazily loaded module runs after its importers (the step screen inside a step
    // component, the frame bridge started by the host messaging).
    files: ['{schemas,rules,common,ui,widgets,renderer,src,server}/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
);
