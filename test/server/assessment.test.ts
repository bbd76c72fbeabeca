import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentQuestions } from '../../schemas/registry';
import { permissionUuid, call, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
/** A new owner and their merchant. */
async function owner() {
  const token = await signInWithOtp(t, `assessment.${++count}.${Date.now()}@example.com`);
  const merchant = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0] as { uuid: string; mid: number };
  return { token, ...merchant };
}
const answer = (o: { token: string; mid: number }, body: unknown) => call(t, o.token, 'POST', `/api/v1/merchants/${o.mid}/assessment_responses`, body);
const responses = (first: number[], second: number[], category?: string) => ({
  assessment_responses: [
    { assessment_question_id: 1, selected_options: first, ...(category ? { category } : {}) },
    { assessment_question_id: 2, selected_options: second },
  ],
});

describe('GET /api/v1/assessment_questions', () => {
  it('lists the two questions of the master data with their categorised options, and the help site', async () => {
    const o = await owner();
    const answer = await call(t, o.token, 'GET', '/api/v1/assessment_questions');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ assessment_questions: assessmentQuestions.assessment_questions, customer_redirect: assessmentQuestions.customer_redirect });
    const categories = new Set(answer.json().assessment_questions.flatMap((question: { assessment_options: { category: string }[] }) => question.assessment_options.map((option) => option.category)));
    expect([...categories].sort()).toEqual(['Business', 'Customer', 'Developer']);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/assessment_questions' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/merchants/{mid}/assessment_responses', () => {
  it('stores the answers and turns new_merchant off', async () => {
    const o = await owner();
    expect((await storedState(t, o.uuid)).record?.new_merchant).toBe(true);
    const sent = await answer(o, responses([102], [204, 205], 'Developer'));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ category: 'Developer' });
    expect((await storedState(t, o.uuid)).record?.new_merchant).toBe(false);
    const [row] = await t.db.query<{ responses: unknown }>('select responses from assessment_responses where merchant_uuid = $1', [o.uuid]);
    expect(row?.responses).toEqual(responses([102], [204, 205], 'Developer').assessment_responses);
  });

  it('takes a step 2 with no option', async () => {
    const o = await owner();
    expect((await answer(o, responses([101], []))).statusCode).toBe(201);
  });

  it.each([
    ['no option on step 1', responses([], [201]), { 'assessment_responses.0.selected_options': ['Choose one option'] }],
    ['two options on step 1', responses([101, 102], [201]), { 'assessment_responses.0.selected_options': ['Choose one option'] }],
    ['a step-2 option on step 1', responses([201], [201]), { 'assessment_responses.0.selected_options': ['Choose options from the list'] }],
    ['a category other than the option chosen', responses([101], [201], 'Customer'), { 'assessment_responses.0.selected_options': ['Choose options from the list'] }],
    ['a step-1 option on step 2', responses([101], [101]), { 'assessment_responses.1.selected_options': ['Choose options from the list'] }],
    ['an unknown option on step 2', responses([101], [999]), { 'assessment_responses.1.selected_options': ['Choose options from the list'] }],
    ['a step-2 option of another category', responses([101], [201, 204]), { 'assessment_responses.1.selected_options': ['Choose options that match what describes you best'] }],
    ['an unknown question', { assessment_responses: [{ assessment_question_id: 9, selected_options: [101] }] }, { assessment_responses: ['Answer the questions asked'] }],
    ['a question twice', { assessment_responses: [{ assessment_question_id: 1, selected_options: [101] }, { assessment_question_id: 1, selected_options: [101] }] }, { assessment_responses: ['Answer the questions asked'] }],
    ['step 2 missing', { assessment_responses: [{ assessment_question_id: 1, selected_options: [101] }] }, { assessment_responses: ['Answer every question'] }],
  ])('refuses %s, storing nothing', async (_case, body, errors) => {
    const o = await owner();
    const refused = await answer(o, body);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({ errors });
    expect((await storedState(t, o.uuid)).record?.new_merchant).toBe(true);
    expect(await t.db.query('select 1 from assessment_responses where merchant_uuid = $1', [o.uuid])).toEqual([]);
  });

  it.each([
    ['no list', {}],
    ['an empty list', { assessment_responses: [] }],
    ['an extra field', { ...responses([101], [201]), note: 'x' }],
    ['a text option id', responses(['101' as unknown as number], [201])],
    ['an unknown category', responses([101], [201], 'Reseller')],
  ])('refuses a body with %s (schema)', async (_case, body) => {
    const o = await owner();
    expect((await answer(o, body)).statusCode).toBe(422);
    expect((await storedState(t, o.uuid)).record?.new_merchant).toBe(true);
  });

  it("refuses another merchant's mid as not found, changing nothing", async () => {
    const [mine, theirs] = [await owner(), await owner()];
    const refused = await call(t, mine.token, 'POST', `/api/v1/merchants/${theirs.mid}/assessment_responses`, responses([101], [201]));
    expect(refused.statusCode).toBe(404);
    expect((await storedState(t, theirs.uuid)).record?.new_merchant).toBe(true);
  });

  it('refuses an employee whose role may not change the profile (403), and takes one whose role may', async () => {
    const o = await owner();
    const staff = async (permission: string) => {
      const role = (await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/acl_roles`, { acl_role: { name: `Role ${++count}`, acl_permission_uuids: [permissionUuid(permission)] } })).json().acl_role;
      const email = `assessment.staff.${count}.${Date.now()}@example.com`;
      expect((await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/staff_invites`, { email, acl_role_id: role.id, name: 'Priya Kapoor' })).statusCode).toBe(201);
      return { token: await signInWithOtp(t, email), mid: o.mid };
    };
    const reader = await staff('read_transactions');
    expect((await answer(reader, responses([101], [201]))).statusCode).toBe(403);
    expect((await storedState(t, o.uuid)).record?.new_merchant).toBe(true);
    const editor = await staff('update_user_profile');
    expect((await answer(editor, responses([101], [201]))).statusCode).toBe(201);
    expect((await storedState(t, o.uuid)).record?.new_merchant).toBe(false);
  });
});
