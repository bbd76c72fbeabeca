import { describe, expect, it } from 'vitest';
import { testApp } from './testApp';

describe('testApp()', () => {
  it('fails the test file on close when any answer was a 500, so no bad input crashes a handler unnoticed', async () => {
    const t = await testApp();
    t.app.get('/api/v1/test-crash', async () => {
      throw new Error('crash');
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test-crash' })).statusCode).toBe(500);
    await expect(t.close()).rejects.toThrow('The API answered 5xx:\n500 GET /api/v1/test-crash');
  });
});
