/**
 * `npm run bench` (hostile uploads, issue 25): the server in a process of its own (bench/hostile/server.ts) on PGlite,
 * or on the PostgreSQL server of DATABASE_URL; for each hostile input of test/server/abuse/hostileFiles.ts, a
 * merchant sends it while a poller asks `/healthz` every 20 ms. Prints, per input: the answer (status and text), the
 * seconds to it, the longest `/healthz` wait while it ran, and the server's peak memory (VmHWM, reset before each
 * input). Goal: on PostgreSQL no hostile upload delays another request by more than 100 ms.
 * `BENCH_HOSTILE=name,name` runs only some inputs; `BENCH_HOSTILE_BURST` sets the burst's size (default 20);
 * `BENCH_SERVER_NODE_ARGS` passes flags to the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { junkPaddedPdf, longAttributeXmlZip, lyingSizeZip, onePagePdf, pageTreeBombPdf, pngOf, shareCodeZip, offlineKycXml } from '../test/server/abuse/hostileFiles';

const MB = 1024 * 1024;
const url = process.env.DATABASE_URL || undefined;
const only = process.env.BENCH_HOSTILE?.split(',').filter(Boolean) ?? [];
const burstSize = Number(process.env.BENCH_HOSTILE_BURST || 20);

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<string>;
}

/** Starts bench/hostile/server.ts in its own Node process (tsx as a loader, so the pid is the server's). */
async function startServer(): Promise<Server> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fileURLToPath(new URL('./hostile/server.ts', import.meta.url))], {
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`server exited (${signal ?? `code ${code}`})`)));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    void exited.then(reject);
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

/** The server's peak resident memory since the last reset, in MB (Linux: VmHWM; reset by writing 5 to clear_refs). */
function peakMemoryMb(pid: number): number | null {
  try {
    const found = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return found ? Number(found[1]) / 1024 : null;
  } catch {
    return null;
  }
}
function resetPeakMemory(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak is then the process's since its start.
  }
}

/**
 * Asks /healthz every 20 ms until stopped, from a thread of its own (so the bench's own work, building and sending the
 * files, never delays a poll); the longest wait for an answer (ms), and how many polls failed.
 */
function healthPoller(base: string) {
  const poller = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let stopped = false, longest = 0, failures = 0;
     parentPort.once('message', () => { stopped = true; });
     (async () => {
       // A first call opens the connection and warms the client: not counted.
       await fetch(workerData.base + '/healthz').then((answer) => answer.arrayBuffer()).catch(() => undefined);
       // At least one poll is measured, however soon the input is answered.
       do {
         const started = performance.now();
         try {
           const answer = await fetch(workerData.base + '/healthz', { signal: AbortSignal.timeout(600000) });
           await answer.arrayBuffer();
           if (answer.status !== 200) failures++;
         } catch { failures++; }
         longest = Math.max(longest, performance.now() - started);
         await new Promise((resolve) => setTimeout(resolve, 20));
       } while (!stopped);
       parentPort.postMessage({ longestMs: longest, failures });
     })();`,
    { eval: true, workerData: { base } },
  );
  return {
    stop: () =>
      new Promise<{ longestMs: number; failures: number }>((resolve) => {
        poller.once('message', (result: { longestMs: number; failures: number }) => {
          void poller.terminate();
          resolve(result);
        });
        poller.postMessage('stop');
      }),
  };
}

interface Session {
  authorization: string;
  uuid: string;
}

let identities = 0;
/** A new merchant signed in by OTP (read from the sandbox inbox), brought to a stage by `prepare`. */
async function merchant(base: string, prepare: (session: Session) => Promise<void>): Promise<Session> {
  const identity = `bench.hostile.${process.pid}.${++identities}@example.com`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await post('/api/v1/user/send_otp', { identity });
  const inbox = (await (await fetch(`${base}/api/v1/sandbox/messages?recipient=${encodeURIComponent(identity)}`)).json()) as { messages: Array<{ body: string }> };
  const otp = /\b(\d{4,6})\b/.exec(inbox.messages[0]!.body)![1]!;
  const token = (await (await post('/api/v1/user/verify_otp', { identity, otp })).json()) as { access_token: string };
  const authorization = `Bearer ${token.access_token}`;
  const merchants = (await (await fetch(`${base}/api/v1/merchants`, { headers: { authorization } })).json()) as { merchants: Array<{ uuid: string }> };
  const session = { authorization, uuid: merchants.merchants[0]!.uuid };
  await prepare(session);
  return session;
}

const send = (base: string, session: Session, method: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method, headers: { authorization: session.authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A Partnership with a verified PAN: asked for PANCARD_PARTNERSHIP (5 MB) and GOVT_ISSUED_CERTIFICATE (15 MB, pages). */
const partnership = (base: string) =>
  merchant(base, async (session) => {
    await send(base, session, 'PUT', `/api/v1/merchants/${session.uuid}`, { merchant: { pancard_number: 'AAFFG7781Q', business_entity_id: 4 } });
  });
/** A Private Limited with a signing authority: its KYC step (Aadhaar offline XML) is open. */
const kycReady = (base: string) =>
  merchant(base, async (session) => {
    const pan = (await (await send(base, session, 'PUT', `/api/v1/merchants/${session.uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).json()) as {
      merchant: { account_uuid: string };
    };
    await send(base, session, 'PUT', `/api/v1/accounts/${pan.merchant.account_uuid}`, {
      account: { signatory_contact_details_attributes: [{ name: 'Asha Verma', email: 'asha@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' }] },
      merchant_uuid: session.uuid,
    });
  });

function form(fields: Record<string, string>, field: string, name: string, content: Buffer): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append(field, new Blob([new Uint8Array(content)]), name);
  return body;
}

interface Outcome {
  status: number | string;
  text: string;
}

async function answerOf(response: Promise<Response>): Promise<Outcome> {
  try {
    const answer = await response;
    const body = await answer.text();
    let text = body.slice(0, 120);
    try {
      const parsed = JSON.parse(body) as { errors?: Record<string, string[]>; error?: string; error_message?: string };
      text = parsed.errors ? Object.values(parsed.errors).flat().join('; ') : (parsed.error_message ?? parsed.error ?? (answer.ok ? 'stored' : text));
    } catch {
      // Not JSON: the start of the body is shown.
    }
    return { status: answer.status, text };
  } catch (error) {
    return { status: 'no answer', text: error instanceof Error ? error.message : String(error) };
  }
}

const uploadDocument = (base: string, session: Session, fields: Record<string, string>, field: string, name: string, content: Buffer) =>
  fetch(`${base}/api/v1/merchants/${session.uuid}/kyc_documents`, { method: 'POST', headers: { authorization: session.authorization }, body: form(fields, field, name, content) });

/** Uploads `content` as a page of a GST certificate draft (with a good page first), then merges the two. */
async function mergeWithPage(base: string, session: Session, content: Buffer, name: string): Promise<Outcome> {
  const fields = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' };
  const first = (await (await uploadDocument(base, session, fields, 'uploaded_documents', 'page1.pdf', await onePagePdf())).json()) as { attachment: { id: number; kyc_document_uuid: string } };
  const draft = first.attachment.kyc_document_uuid;
  const page = await answerOf(
    fetch(`${base}/api/v1/merchants/${session.uuid}/kyc_documents/${draft}/append_attachment`, {
      method: 'POST',
      headers: { authorization: session.authorization },
      body: form(fields, 'uploaded_documents', name, content),
    }),
  );
  if (page.status !== 201) return { status: page.status, text: `page refused: ${page.text}` };
  const pages = (await (await fetch(`${base}/api/v1/merchants/${session.uuid}/kyc_documents/existing_pages?document_category=GOVT_ISSUED_CERTIFICATE&document_type=GST_CERTIFICATE`, { headers: { authorization: session.authorization } })).json()) as {
    uploaded_documents: Array<{ id: number }>;
  };
  return answerOf(send(base, session, 'PUT', `/api/v1/merchants/${session.uuid}/kyc_documents/${draft}/merge_documents`, { document_order: pages.uploaded_documents.map((p) => p.id) }));
}

const sendXml = (base: string, session: Session, zip: Buffer) =>
  fetch(`${base}/api/v1/merchants/${session.uuid}/kyc/aadhaar_xml`, { method: 'POST', headers: { authorization: session.authorization }, body: form({ share_code: '5678' }, 'file', 'aadhaar.zip', zip) });

interface HostileInput {
  name: string;
  what: string;
  /** Makes the merchants it needs (not timed). */
  prepare(base: string): Promise<Session[]>;
  /** Builds the file it sends (not timed: the bench's own work must not count). */
  file(): Promise<Buffer>;
  /** Sends it (timed, with the poller running). */
  run(base: string, sessions: Session[], file: Buffer): Promise<Outcome>;
}

const panCard = (base: string, s: Session, file: Buffer) => answerOf(uploadDocument(base, s, { document_category: 'PANCARD_PARTNERSHIP' }, 'processed_document', 'pan.pdf', file));
const GST = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' };

const inputs: HostileInput[] = [
  {
    name: 'pagetree9',
    what: 'page-tree PDF, 10^9 pages (1.6 KB)',
    prepare: async (base) => [await partnership(base)],
    file: async () => pageTreeBombPdf(10, 9),
    run: (base, [s], file) => panCard(base, s!, file),
  },
  {
    name: 'pagetree8',
    what: 'page-tree PDF, 10^8 pages (1.4 KB)',
    prepare: async (base) => [await partnership(base)],
    file: async () => pageTreeBombPdf(10, 8),
    run: (base, [s], file) => panCard(base, s!, file),
  },
  {
    name: 'xmlattr',
    what: 'offline e-KYC ZIP, root with 160,000 letters',
    prepare: async (base) => [await kycReady(base)],
    file: () => longAttributeXmlZip('5678'),
    run: (base, [s], file) => answerOf(sendXml(base, s!, file)),
  },
  {
    name: 'xmlattr2mb',
    what: 'offline e-KYC ZIP, root with 2,000,000 letters',
    prepare: async (base) => [await kycReady(base)],
    file: () => longAttributeXmlZip('5678', 2_000_000),
    run: (base, [s], file) => answerOf(sendXml(base, s!, file)),
  },
  {
    name: 'xmllying',
    what: 'offline e-KYC ZIP whose headers say 100 bytes (inflates to 3 MB)',
    prepare: async (base) => [await kycReady(base)],
    file: () => lyingSizeZip('5678'),
    run: (base, [s], file) => answerOf(sendXml(base, s!, file)),
  },
  {
    name: 'junk5',
    what: 'one-page PDF + 4.9 MB of random bytes',
    prepare: async (base) => [await partnership(base)],
    file: () => junkPaddedPdf(4.9 * MB),
    run: (base, [s], file) => panCard(base, s!, file),
  },
  {
    name: 'png8000',
    what: '8000x8000 PNG (190 KB) as a page, then merge',
    prepare: async (base) => [await partnership(base)],
    file: async () => pngOf(8000, 8000, 'zeros'),
    run: (base, [s], file) => mergeWithPage(base, s!, file, 'big.png'),
  },
  {
    name: 'png40000',
    what: 'PNG declaring 40000x40000 as a page, then merge',
    prepare: async (base) => [await partnership(base)],
    file: async () => pngOf(40000, 40000, 'none'),
    run: (base, [s], file) => mergeWithPage(base, s!, file, 'huge.png'),
  },
  {
    name: 'burst',
    what: `${burstSize} concurrent 14 MB junk-padded PDFs`,
    prepare: async (base) => Promise.all(Array.from({ length: burstSize }, () => partnership(base))),
    file: () => junkPaddedPdf(14 * MB),
    run: async (base, sessions, file) => {
      const outcomes = await Promise.all(sessions.map((s) => answerOf(uploadDocument(base, s, GST, 'processed_document', 'gst.pdf', file))));
      const counts = new Map<string, number>();
      for (const outcome of outcomes) counts.set(`${outcome.status} ${outcome.text}`, (counts.get(`${outcome.status} ${outcome.text}`) ?? 0) + 1);
      return { status: [...new Set(outcomes.map((o) => o.status))].join('/'), text: [...counts].map(([text, n]) => `${n}× ${text}`).join(' | ') };
    },
  },
  {
    name: 'good14',
    what: 'control: a good 13 MB PDF (three photos) stored',
    prepare: async (base) => [await partnership(base)],
    file: () => photoPdf(),
    run: (base, [s], file) => answerOf(uploadDocument(base, s!, GST, 'processed_document', 'gst.pdf', file)),
  },
  {
    name: 'mergephoto',
    what: 'control: a 4.8-megapixel photo as a 14 MB PNG page, merged',
    prepare: async (base) => [await partnership(base)],
    file: async () => pngOf(3000, 1600, 'noise'),
    run: (base, [s], file) => mergeWithPage(base, s!, file, 'photo.png'),
  },
  {
    name: 'good',
    what: 'control: a good one-page PDF and a good XML ZIP',
    prepare: async (base) => [await partnership(base), await kycReady(base)],
    file: () => onePagePdf(),
    run: async (base, [pdf, kyc], file) => {
      const stored = await panCard(base, pdf!, file);
      const verified = await answerOf(sendXml(base, kyc!, await shareCodeZip('5678', offlineKycXml())));
      return { status: `${stored.status}/${verified.status}`, text: `${stored.text}; ${verified.text}` };
    },
  },
];

/** A PDF of three photo-sized pages of noise (about 13 MB), as a phone's scanner app writes one. */
async function photoPdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  for (let page = 0; page < 3; page++) {
    const image = await pdf.embedPng(pngOf(1500, 1000, 'noise'));
    pdf.addPage([595, 842]).drawImage(image, { x: 20, y: 20, width: 555, height: 370 });
  }
  return Buffer.from(await pdf.save());
}

const selected = inputs.filter((input) => !only.length || only.includes(input.name));
console.log(`\nHostile uploads on ${url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (data folder)'}; /healthz asked every 20 ms while each runs`);
console.log('input | answer | seconds | longest /healthz wait | peak memory');
let server = await startServer();
for (const input of selected) {
  const sessions = await input.prepare(server.base);
  const file = await input.file();
  resetPeakMemory(server.child.pid!);
  const poller = healthPoller(server.base);
  const started = performance.now();
  const outcome = await Promise.race([input.run(server.base, sessions, file), server.exited.then((text): Outcome => ({ status: 'crash', text }))]);
  const seconds = (performance.now() - started) / 1000;
  const peak = peakMemoryMb(server.child.pid!);
  const health = await poller.stop();
  const crashed = server.child.exitCode !== null || server.child.signalCode !== null;
  console.log(
    `${input.what} | ${outcome.status} ${outcome.text} | ${seconds.toFixed(1)} s | ${crashed ? 'server down' : `${health.longestMs.toFixed(0)} ms`}${health.failures && !crashed ? ` (${health.failures} failed)` : ''} | ${peak === null ? 'n/a' : `${peak.toFixed(0)} MB`}`,
  );
  if (crashed) server = await startServer();
}
server.child.kill('SIGTERM');
await server.exited;
