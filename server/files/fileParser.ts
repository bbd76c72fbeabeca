import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { readOfflineKyc } from '../identity/offlineXml';
import type { ImageInspection } from './imageInspection';
import type { PageToMerge } from './mergePages';
import type { PdfInspection } from './pdfInspection';
import type { ParseTask, PostedTask } from './parseWorker';
import { parseWorkerUrl } from './parseWorkerBundle';

/**
 * What a parse may cost, and how long it may wait: each task runs for at most `timeLimitMs` (then its worker thread
 * is stopped), waits at most `queueWaitMs` for a thread, and at most `maxQueue` tasks wait at once; a worker's heap is
 * capped at `memoryMb`. `threads` work in parallel (default: 2, or the cores less one on a bigger machine), kept
 * started once the first task came (a stopped thread is replaced at once), or from the start with `warm` (the server;
 * a test app starts none it does not use).
 */
export interface FileParserOptions {
  threads: number;
  warm: boolean;
  timeLimitMs: number;
  queueWaitMs: number;
  maxQueue: number;
  memoryMb: number;
}

const FILE_PARSER_DEFAULTS: FileParserOptions = {
  threads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  warm: false,
  timeLimitMs: 10_000,
  queueWaitMs: 30_000,
  maxQueue: 16,
  memoryMb: 384,
};

/** Why a parse gave no answer: it ran past its time or memory (tooComplex), or no thread was free in time (busy). */
export class ParseRefused extends Error {
  constructor(readonly reason: 'tooComplex' | 'busy' | 'unreadable') {
    super(`parse refused: ${reason}`);
  }
}

/**
 * The heavy reading of uploaded files, off the request's thread: PDFs and images inspected, pages merged, Aadhaar
 * offline ZIPs opened, each in a worker thread bounded in time and memory. A request waits for its answer while the event loop
 * serves everyone else.
 */
export interface FileParser {
  inspectPdf(content: Uint8Array): Promise<PdfInspection>;
  inspectImage(content: Uint8Array): Promise<ImageInspection>;
  /** The merged PDF; ParseRefused('unreadable') when a page cannot be merged. */
  mergePages(pages: PageToMerge[]): Promise<Uint8Array>;
  readOfflineKyc(zip: Uint8Array, shareCode: string): ReturnType<typeof readOfflineKyc>;
  close(): Promise<void>;
}


/** A pool of parse worker threads (piscina), started at the first task and stopped by `close`. */
export function createFileParser(overrides: Partial<FileParserOptions> = {}): FileParser {
  const options = { ...FILE_PARSER_DEFAULTS, ...overrides };
  let pool: Promise<Piscina> | undefined;
  let closed = false;
  const poolOf = () =>
    (pool ??= parseWorkerUrl().then(
      (filename) =>
        new Piscina({
          filename,
          minThreads: options.threads,
          maxThreads: options.threads,
          // Counted here (piscina's own queue limit throws a plain error): a full queue answers "busy" at once.
          maxQueue: Number.MAX_SAFE_INTEGER,
          atomics: 'disabled',
          // Not the process's own flags: under tsx they would load its TypeScript loader into every thread, for nothing.
          execArgv: [],
          resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
        }),
    ));
  if (options.warm) void poolOf();

  const run = async <T>(task: ParseTask): Promise<T> => {
    if (closed) throw new ParseRefused('busy');
    const current = await poolOf();
    if (current.queueSize >= options.maxQueue) throw new ParseRefused('busy');
    const { port1, port2 } = new MessageChannel();
    const controller = new AbortController();
    // Why this side stopped the task, if it did: it waited too long for a thread, or ran past its time.
    let stoppedFor: 'wait' | 'run' | null = null;
    const stop = (reason: 'wait' | 'run') => {
      stoppedFor = reason;
      controller.abort();
    };
    let runTimer: NodeJS.Timeout | undefined;
    let finished = false;
    const waitTimer = setTimeout(() => stop('wait'), options.queueWaitMs);
    // The answer may arrive before the port's message does (two channels): a finished task starts no timer.
    port1.once('message', () => {
      if (finished) return;
      clearTimeout(waitTimer);
      runTimer = setTimeout(() => stop('run'), options.timeLimitMs);
    });
    try {
      return (await current.run({ task, started: port2 } satisfies PostedTask, { transferList: [port2], signal: controller.signal })) as T;
    } catch (error) {
      if (closed || stoppedFor === 'wait') throw new ParseRefused('busy');
      // Stopped at its time limit, or its thread died (out of memory): too costly to read. A throw of the task's own
      // (mergePages on a page pdf-lib cannot copy) is a file that cannot be read.
      const code = (error as { code?: unknown }).code;
      throw new ParseRefused(stoppedFor === 'run' || code === 'ERR_WORKER_OUT_OF_MEMORY' || code === 'ERR_WORKER_INIT_FAILED' ? 'tooComplex' : 'unreadable');
    } finally {
      finished = true;
      clearTimeout(waitTimer);
      clearTimeout(runTimer);
      port1.close();
    }
  };

  return {
    inspectPdf: (content) => run<PdfInspection>({ kind: 'inspectPdf', content }),
    inspectImage: (content) => run<ImageInspection>({ kind: 'inspectImage', content }),
    mergePages: (pages) => run<Uint8Array>({ kind: 'mergePages', pages }),
    readOfflineKyc: (zip, shareCode) => run({ kind: 'readOfflineKyc', zip, shareCode }),
    async close() {
      closed = true;
      if (pool) await (await pool).destroy();
    },
  };
}
