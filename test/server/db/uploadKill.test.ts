import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { DEMO_PASSWORD } from '../../../server/demo/seed';
import { multipartBody, TINY_PNG } from '../multipart';
import { freePort } from '../testApp';

const folder = mkdtempSync(join(tmpdir(), 'onboarding-kill-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** Starts the real server on a PGlite folder and resolves once it listens. */
async function startServer(dataDir: string): Promise<{ process: ChildProcess; base: string }> {
  const port = await freePort();
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 110_000);
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Merchant onboarding is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    started.stdout!.on('data', seen);
    started.stderr!.on('data', seen);
    started.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
  return { process: started, base: `http://127.0.0.1:${port}` };
}

describe('an upload cut off by kill -9', () => {
  it('leaves no half document: what was acknowledged is stored, the interrupted upload is not', async () => {
    const server = await startServer(join(folder, 'pglite'));
    child = server.process;
    const json = async (path: string, init: RequestInit = {}) => (await fetch(`${server.base}${path}`, init)).json() as Promise<Record<string, unknown>>;
    const login = await json('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: 'demo.partnership@example.com', password: DEMO_PASSWORD }),
    });
    const authorization = `Bearer ${login.access_token as string}`;
    const merchant = ((await json('/api/v1/merchants', { headers: { authorization } })).merchants as Array<{ uuid: string }>)[0]!;

    const whole = multipartBody({ document_category: 'PANCARD_PARTNERSHIP' }, [{ field: 'processed_document', filename: 'pan.png', content: TINY_PNG }]);
    const stored = await fetch(`${server.base}/api/v1/merchants/${merchant.uuid}/kyc_documents`, { method: 'POST', headers: { authorization, ...whole.headers }, body: whole.payload });
    expect(stored.status).toBe(201);

    // A 4 MB address proof: half of it is sent, then the server is killed while it reads the rest.
    const big = multipartBody({ document_category: 'PANCARD_SIGNED_AUTHORITY' }, [{ field: 'processed_document', filename: 'big.png', content: Buffer.concat([TINY_PNG, Buffer.alloc(4 * 1024 * 1024)]) }]);
    const upload = request(`${server.base}/api/v1/merchants/${merchant.uuid}/kyc_documents`, {
      method: 'POST',
      headers: { authorization, ...big.headers, 'content-length': String(big.payload.length) },
    });
    const ended = new Promise((resolve) => upload.on('error', resolve).on('response', resolve));
    upload.write(big.payload.subarray(0, big.payload.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.process.kill('SIGKILL');
    await new Promise((resolve) => server.process.once('exit', resolve));
    await ended;

    const db = await openDatabase({ dataDir: join(folder, 'pglite') });
    try {
      const documents = await db.query<{ document_category: string }>('select document_category from kyc_documents where merchant_uuid = $1', [merchant.uuid]);
      expect(documents).toEqual([{ document_category: 'PANCARD_PARTNERSHIP' }]);
      const files = await db.query<{ byte_size: number }>('select byte_size from stored_files where owner_merchant_uuid = $1', [merchant.uuid]);
      expect(files).toEqual([{ byte_size: TINY_PNG.length }]);
    } finally {
      await db.close();
    }
  });
});
