import defs from './defs.json';
import steps from './steps.json';
import status from './status.json';
import documents from './documents.json';
import type { RulesConfig } from './types';

/**
 * The shipped rules configuration: `rules/defs.json`, `steps.json`, `status.json` and
 * `documents.json`. TypeScript's inferred JSON types (unions padded with `?: undefined`
 * keys) do not fit `JsonValue`, so the files are typed by assertion; `compileRules` checks
 * their shape and every reference when the configuration is first used.
 */
const rulesConfig = { defs, steps, status, documents } as unknown as RulesConfig;

export default rulesConfig;
