import { build, type Rollup } from 'vite';

/** The app as `vite build` makes it (vite.config.ts), kept in memory: its JavaScript chunks by file name. */
async function builtChunks(): Promise<Map<string, string>> {
  const output = (await build({ logLevel: 'silent', build: { write: false, sourcemap: false } })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = new Map<string, string>();
  for (const { output: files } of [output].flat()) {
    for (const file of files) if (file.type === 'chunk') chunks.set(file.fileName, file.code);
  }
  return chunks;
}

describe('the browser bundle', () => {
  it('compiles no code at run time: no Ajv compiler, no Function constructor, no server-only IFSC data', async () => {
    const chunks = await builtChunks();
    expect(chunks.size).toBeGreaterThan(3);
    const offending = [...chunks].flatMap(([file, code]) =>
      [
        /\bnew Function\(/.test(code) && 'new Function(',
        // Ajv's compiler: its code generator's error texts and the strict-mode messages.
        /CodeGen: |strict mode: /.test(code) && 'the Ajv compiler',
        /passesIfscKnown|isKnownIfsc/.test(code) && 'the server-only ifscKnown check',
      ].flatMap((found) => (found ? [`${file}: ${found}`] : [])),
    );
    expect(offending).toEqual([]);
  }, 120_000);
});
