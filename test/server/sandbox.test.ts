import { sandboxMessageProvider } from '../../server/providers/sandbox';
import { testApp, type TestApp } from './testApp';

const RECIPIENT = '9876543210';
const SENT = 12;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  const messages = sandboxMessageProvider(t.db);
  for (let count = 1; count <= SENT; count += 1) {
    await messages.send({ channel: 'sms', recipient: RECIPIENT, subject: 'OTP', body: `message ${count}` });
  }
});
afterAll(async () => {
  await t.close();
});

describe('the sandbox inbox', () => {
  it('lists messages newest first, by number, when ids have different numbers of digits', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/sandbox/messages?recipient=${RECIPIENT}` });

    expect(response.statusCode).toBe(200);
    const listed = response.json<{ messages: Array<{ id: string; body: string }> }>().messages;
    expect(listed.map((message) => message.body)).toEqual(Array.from({ length: SENT }, (_, index) => `message ${SENT - index}`));
    const ids = listed.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('shows the newest message first on the inbox page', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/inbox?recipient=${RECIPIENT}` });

    expect(page.statusCode).toBe(200);
    expect(/<p class="body">([^<]*)<\/p>/.exec(page.body)?.[1]).toBe(`message ${SENT}`);
  });
});
