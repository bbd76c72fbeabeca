import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationJob } from '../../server/notifications/notificationJob';
import { multipartBody, TINY_PNG } from './multipart';
import { call, partnershipWithSignatory, patchRecord, PROOF_WANTED_BANK_DETAIL, READY_FOR_AGREEMENT, signInStaff, signInWithOtp, testApp, type TestApp } from './testApp';

const PUBLIC_URL = 'https://onboarding.example.com';
let t: TestApp;
let reviewer: string;
beforeAll(async () => {
  t = await testApp({ config: { publicUrl: PUBLIC_URL } });
  reviewer = await signInStaff(t, 'ops_reviewer');
});
afterAll(() => t.close());

let count = 0;
const MOBILE = '9876543210';

interface Merchant {
  token: string;
  uuid: string;
  email: string;
  mobile: string;
  mid: number;
  /** The last sandbox message before the test's (the sign-in OTP): the notices come after it. */
  since: number;
}

const lastMessage = async () => Number((await t.db.query<{ id: string | null }>('select max(id) as id from sandbox_messages'))[0]!.id ?? 0);

/**
 * A Partnership, "Gupta Traders", whose every step but its documents is complete (PAN verified, business details, a
 * verified bank, its own tools, a signing authority, a registered address, the agreement e-signed), its documents
 * uploaded and sent for review: approving them all completes its activation.
 */
async function merchantInReview(): Promise<Merchant> {
  const email = `notify.${++count}.${Date.now()}@example.com`;
  const mobile = `98${String(Date.now() + count).slice(-8)}`;
  const { token, uuid } = await partnershipWithSignatory(t, email);
  await patchRecord(t, uuid, { ...READY_FOR_AGREEMENT, name: 'Gupta Traders', registered_mobile: mobile, is_service_agreement_esigned: true });
  for (const category of ['PANCARD_PARTNERSHIP', 'PANCARD_SIGNED_AUTHORITY', 'SIGNED_AUTHORISATION_LETTER', 'SC']) {
    expect((await upload(token, uuid, { document_category: category }, `${category}.png`, TINY_PNG)).statusCode).toBe(201);
  }
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('bill');
  expect((await upload(token, uuid, { document_category: 'ADDRESS_PROOF_SIGNED_AUTHORITY', document_type: 'BMTB' }, 'bill.pdf', Buffer.from(await pdf.save()))).statusCode).toBe(201);
  const sent = await call(t, token, 'POST', `/api/v1/merchants/${uuid}/receive_all_docs`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { token, uuid, email, mobile, mid: sent.json().merchant.mid as number, since: await lastMessage() };
}

function upload(token: string, uuid: string, fields: Record<string, string>, filename: string, content: Buffer) {
  const body = multipartBody(fields, [{ field: 'processed_document', filename, content }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${uuid}/kyc_documents`, headers: { authorization: `Bearer ${token}`, ...body.headers }, payload: body.payload });
}

/** The merchant's documents in force, by category. */
async function documentsOf(m: Merchant): Promise<Record<string, string>> {
  const listed = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents`)).json().kyc_documents as Array<{ uuid: string; document_category: string; active: boolean }>;
  return Object.fromEntries(listed.filter((document) => document.active).map((document) => [document.document_category, document.uuid]));
}

const review = (m: Merchant, uuid: string, body: { status: 'Approved' | 'Declined'; remarks?: string }) =>
  call(t, reviewer, 'POST', `/api/v1/merchants/${m.uuid}/kyc_documents/${uuid}/review`, body);

/** What the sandbox delivered to the merchant once every due job ran (run twice: a second run sends nothing more). */
async function delivered(m: Merchant) {
  await t.app.jobs.runDue();
  await t.app.jobs.runDue();
  return t.db.query<{ channel: string; recipient: string; subject: string; body: string }>(
    'select channel, recipient, subject, body from sandbox_messages where recipient = any($1) and id > $2 order by id',
    [[m.email, m.mobile], m.since],
  );
}

const subjects = (messages: Array<{ channel: string; subject: string }>, channel = 'email') => messages.filter((sent) => sent.channel === channel).map((sent) => sent.subject);

describe('notices to merchants about their documents and activation', () => {
  it('tells of a decline with the reviewer\'s reason, by e-mail and a short SMS, once however often it is reviewed', async () => {
    const m = await merchantInReview();
    const documents = await documentsOf(m);
    expect((await review(m, documents.SC!, { status: 'Declined', remarks: 'The stamp is missing' })).statusCode).toBe(200);
    expect((await review(m, documents.SC!, { status: 'Declined', remarks: 'The stamp is still missing' })).statusCode).toBe(200);
    const messages = await delivered(m);
    expect(messages).toEqual([
      {
        channel: 'email',
        recipient: m.email,
        subject: 'Your Schedule C was declined',
        body:
          'Dear Gupta Traders,\n\nWe could not accept your Schedule C.\nThe reviewer\'s reason: The stamp is missing\n\n' +
          `Please upload it again on the Documents tab and send it for review: ${PUBLIC_URL}/app/onboarding/documents\n\nThe onboarding team`,
      },
      { channel: 'sms', recipient: m.mobile, subject: 'Your Schedule C was declined', body: `Your Schedule C was declined. See why and upload it again: ${PUBLIC_URL}/app/onboarding/documents` },
    ]);
  });

  it('tells of each approval, of the finished review with its counts and what to do next, and of the activation once every step is complete', async () => {
    const m = await merchantInReview();
    const documents = await documentsOf(m);
    for (const [category, uuid] of Object.entries(documents)) {
      const verdict = category === 'SC' ? { status: 'Declined' as const, remarks: 'The stamp is missing' } : { status: 'Approved' as const };
      expect((await review(m, uuid, verdict)).statusCode).toBe(200);
    }
    const first = await delivered(m);
    expect(subjects(first)).toEqual([
      'Your PAN Card of the Partnership Firm was approved',
      'Your PAN Card of the Signing Authority was approved',
      'Your Signed Authorisation Letter was approved',
      'Your Schedule C was declined',
      'Your Address Proof of the Signing Authority was approved',
      'The review of your documents is finished: some need your attention',
    ]);
    expect(first.filter((sent) => sent.channel === 'email').at(-1)!.body).toBe(
      'Dear Gupta Traders,\n\nWe have reviewed all the documents you sent.\nApproved: 4\nDeclined: 1\n\n' +
        "What to do next: open the Documents tab, read the reviewer's reason under each declined document, upload it again and send your documents for review: " +
        `${PUBLIC_URL}/app/onboarding/documents\n\nThe onboarding team`,
    );
    expect(first.filter((sent) => sent.channel === 'sms').at(-1)!.body).toBe(`Document review finished. Approved: 4, declined: 1. Upload the declined ones again: ${PUBLIC_URL}/app/onboarding/documents`);
    expect(subjects(first, 'sms')).toEqual(subjects(first));

    // The declined one uploaded again and approved: a new round, all approved, and the account is activated.
    expect((await upload(m.token, m.uuid, { document_category: 'SC' }, 'stamped.png', TINY_PNG)).statusCode).toBe(201);
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/submit_documents`)).statusCode).toBe(200);
    expect((await review(m, (await documentsOf(m)).SC!, { status: 'Approved' })).statusCode).toBe(200);
    const second = (await delivered(m)).slice(first.length);
    expect(subjects(second)).toEqual(['Your Schedule C was approved', 'The review of your documents is finished: all approved', 'Your payment gateway account is activated']);
    expect(second.find((sent) => sent.channel === 'email' && sent.subject.startsWith('The review'))!.body).toContain('Approved: 5\nDeclined: 0\n\nWhat to do next: nothing more is needed for your documents.');
    expect(second.filter((sent) => sent.subject === 'Your payment gateway account is activated')).toEqual([
      {
        channel: 'email',
        recipient: m.email,
        subject: 'Your payment gateway account is activated',
        body:
          `Dear Gupta Traders,\n\nEvery activation step is complete: your payment gateway account (MID ${m.mid}) is activated.\n\n` +
          `You can now accept payments from your customers, receive settlements in your verified bank account, and invite your staff to the dashboard: ${PUBLIC_URL}/app/onboarding\n\nThe onboarding team`,
      },
      { channel: 'sms', recipient: m.mobile, subject: 'Your payment gateway account is activated', body: `Your payment gateway account (MID ${m.mid}) is activated. You can now accept payments: ${PUBLIC_URL}/app/onboarding` },
    ]);

    // Reviewing a reviewed document again changes no round, and the activation is told once.
    expect((await review(m, (await documentsOf(m)).SC!, { status: 'Approved' })).statusCode).toBe(200);
    await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}`, { merchant: { display_name: 'Gupta Traders' } });
    expect(await delivered(m)).toHaveLength(first.length + second.length);
  });

  it('writes in the language the owner chose (Hindi), document labels included', async () => {
    const m = await merchantInReview();
    expect((await call(t, m.token, 'PUT', '/api/v1/user/language', { language: 'fr' })).statusCode).toBe(422);
    expect((await call(t, m.token, 'PUT', '/api/v1/user/language', { language: 'hi' })).json()).toEqual({ language: 'hi' });
    const documents = await documentsOf(m);
    expect((await review(m, documents.SC!, { status: 'Declined', remarks: 'मुहर नहीं है' })).statusCode).toBe(200);
    const [email, sms] = await delivered(m);
    expect(email).toMatchObject({
      subject: 'आपका अनुसूची C अस्वीकार कर दिया गया',
      body:
        'प्रिय Gupta Traders,\n\nहम आपका अनुसूची C स्वीकार नहीं कर सके।\nसमीक्षक का कारण: मुहर नहीं है\n\n' +
        `कृपया इसे दस्तावेज़ टैब पर फिर से अपलोड करें और समीक्षा के लिए भेजें: ${PUBLIC_URL}/app/onboarding/documents\n\nऑनबोर्डिंग टीम`,
    });
    expect(sms!.body).toBe(`आपका अनुसूची C अस्वीकार कर दिया गया। कारण देखें और फिर से अपलोड करें: ${PUBLIC_URL}/app/onboarding/documents`);
  });

  it('sends "review finished" and "activated" exactly once when every document is approved at the same moment', async () => {
    const m = await merchantInReview();
    const answers = await Promise.all(Object.values(await documentsOf(m)).map((uuid) => review(m, uuid, { status: 'Approved' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // A retry of every approval after the moment sends nothing more.
    await Promise.all(Object.values(await documentsOf(m)).map((uuid) => review(m, uuid, { status: 'Approved' })));
    const messages = await delivered(m);
    for (const channel of ['email', 'sms']) {
      const sent = subjects(messages, channel);
      expect(sent.filter((subject) => subject === 'The review of your documents is finished: all approved')).toHaveLength(1);
      expect(sent.filter((subject) => subject === 'Your payment gateway account is activated')).toHaveLength(1);
      expect(sent.filter((subject) => subject.endsWith('was approved'))).toHaveLength(5);
      expect(sent).toHaveLength(7);
    }
  });

  it('tells of a bank proof declined by operations, with the reason', async () => {
    const token = await signInWithOtp(t, `notify.proof.${Date.now()}@example.com`);
    const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
    await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
    await patchRecord(t, uuid, { bank_detail: PROOF_WANTED_BANK_DETAIL, name: 'Nimbus Stores' });
    const body = multipartBody({ proof_type: 'CC' }, [{ field: 'file', filename: 'cheque.png', content: TINY_PNG }]);
    const sent = await t.app.inject({ method: 'POST', url: `/api/v1/merchants/${uuid}/bank_details/bank_verification_by_bank_proof`, headers: { authorization: `Bearer ${token}`, ...body.headers }, payload: body.payload });
    expect(sent.statusCode).toBe(200);
    const email = (await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant.email as string;
    const since = await lastMessage();
    expect((await call(t, reviewer, 'POST', `/api/v1/ops/bank-proofs/${uuid}/review`, { status: 'Declined', remarks: 'The cheque is not cancelled' })).statusCode).toBe(200);
    const [notice, ...others] = await delivered({ token, uuid, email, mobile: MOBILE, mid: 0, since });
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ channel: 'email', subject: 'Your Bank Proof was declined' });
    expect(notice!.body).toContain("The reviewer's reason: The cheque is not cancelled");
  });

  it('resumes a delivery that failed midway after the last message it sent', async () => {
    const m = await merchantInReview();
    expect((await review(m, (await documentsOf(m)).SC!, { status: 'Declined', remarks: 'The stamp is missing' })).statusCode).toBe(200);
    const [notice] = await t.db.query<{ id: string }>("select id from merchant_notifications where merchant_uuid = $1 and kind = 'documentDeclined'", [m.uuid]);
    const sent: string[] = [];
    let smsFails = true;
    const flaky = notificationJob(t.db, {
      async send({ channel }) {
        if (channel === 'sms' && smsFails) {
          smsFails = false;
          throw new Error('SMS gateway timed out');
        }
        sent.push(channel);
      },
    }, PUBLIC_URL);
    const job = { id: 0, kind: 'merchant.notify', payload: { notification_id: Number(notice!.id) }, attempts: 1 };
    await expect(flaky(job, new Date())).rejects.toThrow('SMS gateway timed out');
    expect(await flaky(job, new Date())).toEqual({ done: true });
    expect(await flaky(job, new Date())).toEqual({ done: true });
    expect(sent).toEqual(['email', 'sms']);
  });
});
