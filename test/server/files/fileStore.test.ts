import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_CONTENT } from '../../../server/files/contentStore';
import { fileContents, saveFile } from '../../../server/files/fileStore';
import { seededBytes } from '../abuse/hostileFiles';
import { call, signInWithOtp, testApp, type TestApp } from '../testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('fileContents()', () => {
  it('gives back the stored bytes exactly, read in slices, for files small and large', async () => {
    const token = await signInWithOtp(t, `file.store.${Date.now()}@example.com`);
    const merchantUuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
    // Sizes around the slice (77 × 4096 base64 characters: 236,544 bytes) and the 57-byte lines of base64.
    const sizes = [1, 56, 57, 58, 236_543, 236_544, 236_545, 3 * 1024 * 1024 + 7];
    const files = await Promise.all(
      sizes.map(async (size) => {
        const content = seededBytes(size, size);
        const stored = await saveFile(t.db, DATABASE_CONTENT, { content, type: 'pdf', name: `f${size}.pdf`, origin: 'generated' }, { merchantUuid, kind: 'kyc_page', createdBy: null });
        return { id: stored.id, content };
      }),
    );
    const read = await fileContents(t.db, DATABASE_CONTENT, files.map((file) => file.id));
    for (const file of files) expect(Buffer.compare(read.get(file.id)!, file.content), `${file.content.length} bytes`).toBe(0);
  });
});
