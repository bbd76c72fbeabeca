import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ config: { embedOrigins: ['https://app.provider.example'] } });
});
afterAll(() => t.close());

describe('GET /api/v1/app_config', () => {
  it('tells the app, before sign-in, the origins allowed to embed it: the list the frame-ancestors policy names', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/app_config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ embed_origins: ['https://app.provider.example'] });
    expect(answer.headers['content-security-policy']).toContain('frame-ancestors \'self\' https://app.provider.example');
  });
});
