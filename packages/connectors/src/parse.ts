import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { settingDefault } from '@memctx/shared';
import { extractDocument, isolatedType, type DocumentInput, type ParsedDocument } from './extract.js';
import type { ParseReply } from './parse-worker.js';
import { DocumentOverLimit, UnparseableDocument } from './types.js';

export { wellFormedText, type DocumentInput, type ParsedDocument } from './extract.js';

export interface ParserOptions {
  /** Wall-clock bound of one document's parse; the thread is terminated at it. */
  timeoutMs?: number;
  /** The parse thread's old-generation heap, in MB. */
  maxMemoryMb?: number;
  /** Idle threads kept warm for the next document. */
  poolSize?: number;
}

export interface DocumentParser {
  parse(input: DocumentInput): Promise<ParsedDocument>;
  close(): Promise<void>;
}

const HERE = import.meta.url;
/** Loading a thread is bounded apart from parsing: from source, under tsx, it alone can take seconds on a busy machine. */
const START_TIMEOUT_MS = 60_000;

/**
 * Run from source (tests and benchmarks under tsx) the thread registers tsx
 * itself: a worker's execArgv cannot carry module hooks on Node 20. Built,
 * it loads the compiled parse-worker.js next to this file.
 */
function spawn(resourceLimits: NonNullable<ConstructorParameters<typeof Worker>[1]>['resourceLimits']): Worker {
  if (!HERE.endsWith('.ts')) return new Worker(new URL('./parse-worker.js', HERE), { resourceLimits, execArgv: [] });
  const tsx = pathToFileURL(join(dirname(createRequire(HERE).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./parse-worker.ts', HERE).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, {
    eval: true, resourceLimits, execArgv: [],
  });
}

/**
 * HTML, PDF and DOCX are parsed in worker threads with a heap limit and a
 * wall-clock limit: a zip bomb or a pathological file ends as a failed
 * document instead of stalling or crashing the worker process. A thread that
 * hits a limit is thrown away; healthy ones are kept for the next document.
 * Plain text is only decoded, in this thread; Markdown goes to a thread too,
 * for its block lexer (see markdown.ts).
 */
export function createDocumentParser(options: ParserOptions = {}): DocumentParser {
  const timeoutMs = options.timeoutMs ?? settingDefault('parseTimeoutMs');
  const maxMemoryMb = options.maxMemoryMb ?? settingDefault('parseMaxMemoryMb');
  const poolSize = options.poolSize ?? settingDefault('workerConcurrency');
  const resourceLimits = { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, maxMemoryMb / 8)), stackSizeMb: 4 };
  const idle: Worker[] = [];
  const busy = new Set<Worker>();

  function release(worker: Worker): void {
    busy.delete(worker);
    if (idle.length < poolSize) {
      worker.unref();
      idle.push(worker);
    } else void worker.terminate();
  }

  /** A fresh thread once it has loaded, so a slow start is not charged to a document's clock (it has its own bound). */
  function start(): Promise<Worker> {
    const worker = spawn(resourceLimits);
    return new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`the parse thread did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      const ready = () => {
        done();
        resolve(worker);
      };
      const fail = (error: Error) => {
        done();
        void worker.terminate();
        reject(error);
      };
      const exit = (code: number) => fail(new Error(`the parse thread exited with code ${code} while starting`));
      function done() {
        clearTimeout(timer);
        worker.off('message', ready).off('error', fail).off('exit', exit);
      }
      worker.once('message', ready).once('error', fail).once('exit', exit);
    });
  }

  async function inWorker(input: DocumentInput): Promise<ParsedDocument> {
    const worker = idle.pop() ?? (await start());
    worker.ref();
    busy.add(worker);
    return new Promise<ParsedDocument>((resolve, reject) => {
      const discard = (error: Error) => {
        cleanup();
        busy.delete(worker);
        void worker.terminate();
        reject(error);
      };
      const timer = setTimeout(() => discard(new DocumentOverLimit(`parsing took longer than ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (reply: ParseReply) => {
        if ('ready' in reply) return;
        cleanup();
        release(worker);
        if (reply.ok) resolve({ text: reply.text, title: reply.title, ...(reply.blocks ? { blocks: reply.blocks } : {}) });
        else reject(reply.name === 'UnparseableDocument' ? new UnparseableDocument(reply.message) : new Error(`parsing failed: ${reply.message}`));
      };
      const onError = (error: Error & { code?: string }) =>
        discard(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocumentOverLimit(`parsing needed more than ${maxMemoryMb} MB of memory`) : new Error(`the parse thread failed: ${error.message}`));
      const onExit = (code: number) => discard(new Error(`the parse thread exited with code ${code}`));
      function cleanup() {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      }
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // A copy, not a transfer: the caller keeps its buffer (it hashes the content afterwards).
      worker.postMessage({ content: new Uint8Array(input.content), mimeType: input.mimeType, title: input.title });
    });
  }

  return {
    parse: (input) => (isolatedType(input.mimeType) ? inWorker(input) : extractDocument(input)),
    async close() {
      await Promise.all([...idle.splice(0), ...busy].map((w) => w.terminate()));
      busy.clear();
    },
  };
}

let shared: DocumentParser | undefined;

/** Parses with default limits on a parser shared by the process (its idle threads do not keep the process alive). */
export function parseDocument(input: DocumentInput): Promise<ParsedDocument> {
  shared ??= createDocumentParser();
  return shared.parse(input);
}
