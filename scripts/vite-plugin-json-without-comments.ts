import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The data files whose comments the browser never reads: the rules (`rules/*.json`, where compileRules skips `$`
 * keys), the master tables (`schemas/master/*.json`) and the journey (`schemas/steps/journey.json`). Not the JSON
 * Schemas: the precompiled validators find a subschema by rjsf's hash of it (`renderer/createValidator.ts`), computed
 * from the files as they are, comments and all.
 */
const DATA_FILES = /^(rules\/[^/]+|schemas\/master\/[^/]+|schemas\/steps\/journey)\.json$/;
/** `$comment`, and the rules files' named comments such as `$comment:reKyc`. */
const COMMENT = /^\$comment(:|$)/;
/** The message catalogues (not the console's, which is English and staff only). */
const CATALOGUES = /^schemas\/messages\/[a-z]{2}\.json$/;
/**
 * The texts only the server writes: those of the documents it generates (`generated.`, server/documents/
 * generatedDocuments.ts), and those of its answers the app never words itself (`server.`: refusals, e-mails, the
 * names it gives the categories it lists).
 */
const SERVER_ONLY_TEXT = /^(generated|server)\./;

/**
 * Drops the comment keys of the data files above from the browser build: they are notes for the people who edit the
 * files, and about 2 KiB gzipped of the stepper's first load. Drops too the texts of the message catalogues that only
 * the server writes (the generated documents', its own answers'). The server and the tests read the files as they are.
 */
export function jsonWithoutComments(): Plugin {
  return {
    name: 'json-without-comments',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\.json$/ },
      handler(code, id) {
        const file = relative(ROOT, id).split(sep).join('/');
        const leftOut = DATA_FILES.test(file) ? COMMENT : CATALOGUES.test(file) ? SERVER_ONLY_TEXT : undefined;
        if (!leftOut) return undefined;
        return { code: JSON.stringify(JSON.parse(code), (key, value: unknown) => (leftOut.test(key) ? undefined : value)), map: null };
      },
    },
  };
}
