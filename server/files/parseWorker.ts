import type { MessagePort } from 'node:worker_threads';
import { readOfflineKyc } from '../identity/offlineXml';
import { inspectImage } from './imageInspection';
import { mergeIntoPdf, type PageToMerge } from './mergePages';
import { inspectPdf } from './pdfInspection';

// A worker of its own: pdf-lib throws (and catches) an error at almost every byte of junk it skips, and capturing
// their stacks was most of its time (a 5 MB junk-padded PDF: 47 s). Nothing here reads a stack.
Error.stackTraceLimit = 0;

/** The work a parse worker does, by kind; each answers plain data (a refusal is an answer, not a throw). */
export type ParseTask =
  | { kind: 'inspectPdf'; content: Uint8Array }
  | { kind: 'inspectImage'; content: Uint8Array }
  | { kind: 'mergePages'; pages: PageToMerge[] }
  | { kind: 'readOfflineKyc'; zip: Uint8Array; shareCode: string };

/** A task as the pool sends it: the task and a port on which the worker says when it starts (its time limit starts then). */
export interface PostedTask {
  task: ParseTask;
  started: MessagePort;
}

/** Runs one task in a worker thread of server/files/fileParser.ts (bundled by parseWorkerBundle.ts). */
export default async function runParseTask({ task, started }: PostedTask): Promise<unknown> {
  started.postMessage('started');
  started.close();
  if (task.kind === 'inspectPdf') return inspectPdf(task.content);
  if (task.kind === 'inspectImage') return inspectImage(task.content);
  if (task.kind === 'mergePages') {
    // Answered in shared memory: a plain Uint8Array would be copied on the request's thread when it arrives.
    const merged = await mergeIntoPdf(task.pages);
    const answer = new Uint8Array(new SharedArrayBuffer(merged.byteLength));
    answer.set(merged);
    return answer;
  }
  return readOfflineKyc(task.zip, task.shareCode);
}
