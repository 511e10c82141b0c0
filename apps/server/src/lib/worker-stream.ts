import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, type ResourceLimits, Worker } from 'node:worker_threads';

import type { Slots } from './slots';

/**
 * A long download made on a thread of its own (`workerStream` here, `serveStream` in the worker's module): the
 * worker writes the file a piece of text at a time; the main thread only passes the pieces to the socket. Two
 * things follow:
 * - the worker's garbage stays in the worker's own heap, sized by `resourceLimits`, and goes when it ends: a
 *   year's accounting CSV no longer grows the server's heap (bench/RESULTS.md, issue 23, fourth pass);
 * - the main thread stays free for everyone else's requests while a long file is written.
 *
 * One piece is asked for per read of the answer, so a slow client slows the worker (and through it the
 * database) and nothing piles up between them; the worker makes the next piece while the last is sent.
 */

/** Main thread → worker. */
type Ask = 'pull' | 'abort';
/** Worker → main thread. */
type Answer = { piece: string } | { done: true } | { error: string };

/** How to start a worker: its built file, or code that loads its source. */
export type WorkerModule = { script: string; eval: boolean };

/**
 * The worker's module `name` (a path without its extension) beside the module `from` (its `import.meta.url`):
 * the compiled `.js` in the built server, or in the sources (tests, `npm run dev`) the `.ts`, loaded after
 * tsx's loader is registered in the worker (Node 20 does not pass `--import` hooks on to a worker).
 */
export function workerModule(name: string, from: string): WorkerModule {
  if (!from.endsWith('.ts')) return { script: fileURLToPath(new URL(`./${name}.js`, from)), eval: false };
  const source = new URL(`./${name}.ts`, from).href;
  // tsx's ES module API (the package resolves `require` to its CommonJS build, which cannot register here).
  const tsx = pathToFileURL(
    createRequire(from)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

export interface WorkerStreamOptions {
  /** Given to the worker as `workerData`: plain data (a structured clone). */
  data: unknown;
  /** Fires when the client goes away: the worker is told to stop (and ended if it has not within a second). */
  signal?: AbortSignal;
  resourceLimits?: ResourceLimits;
  /** Shared by the streams of one kind: the worker starts when a slot is free. */
  slots?: Slots;
}

/**
 * The bytes a worker (`serveStream`) writes, as a readable stream. The worker starts at once, or when one of
 * `slots` is free, and ends when the stream ends, fails or is destroyed. An error in the worker (thrown, or the
 * worker dying) fails the stream with the worker's message.
 */
export function workerStream(module: WorkerModule, options: WorkerStreamOptions): Readable {
  let worker: Worker | null = null;
  let finished = false;
  /** A read asked for before the worker started. */
  let pulled = false;
  let giveBack = () => {};
  const ask = (message: Ask) => {
    if (finished) return;
    if (worker) worker.postMessage(message);
    else if (message === 'pull') pulled = true;
  };
  /** Told to stop; ended outright if it has not stopped by itself within a second. */
  const stop = () => {
    if (finished) return;
    ask('abort');
    finished = true;
    const running = worker;
    if (running) setTimeout(() => void running.terminate(), 1000).unref();
    else giveBack();
  };
  // Text all the way to the socket, which encodes it as it writes: a piece never becomes a Buffer, whose memory
  // lies outside the heap and waits for a collection that this thread, allocating little, seldom runs
  // (measured: 30 MB of written pieces still held after 10 s). A string is young garbage, gone at the next
  // scavenge.
  const stream = new Readable({
    encoding: 'utf8',
    read: () => ask('pull'),
    destroy: (err, callback) => {
      stop();
      callback(err);
    },
  });
  const start = () => {
    const started = new Worker(module.script, {
      eval: module.eval,
      workerData: options.data,
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    worker = started;
    started.on('message', (answer: Answer) => {
      if (finished) return;
      if ('piece' in answer) stream.push(answer.piece, 'utf8');
      else if ('done' in answer) {
        finished = true;
        stream.push(null);
      } else stream.destroy(new Error(answer.error));
    });
    started.on('error', (err) => stream.destroy(err));
    started.on('exit', (code) => {
      giveBack();
      if (!finished)
        stream.destroy(new Error(`the worker stopped (exit code ${String(code)}) before the end`));
    });
    if (pulled) started.postMessage('pull' satisfies Ask);
  };
  options.signal?.addEventListener('abort', () => stream.destroy(), { once: true });
  if (!options.slots) start();
  else
    void options.slots.take().then((release) => {
      giveBack = release;
      if (finished) release();
      else start();
    });
  return stream;
}

/**
 * In a worker's module: serves `make(signal)`'s pieces to `workerStream`, one per pull, the next made while
 * the last is sent. `signal` fires when the client went away; the worker's thread ends when the pieces do.
 */
export function serveStream(make: (signal: AbortSignal) => AsyncIterable<string>): void {
  if (isMainThread || !parentPort) throw new Error('serveStream runs in a worker thread');
  const port = parentPort;
  const controller = new AbortController();
  const pieces = make(controller.signal)[Symbol.asyncIterator]();
  /** The next piece, made ahead; a failure is answered when it is pulled (not an unhandled rejection now). */
  const ahead = () => {
    const made = pieces.next();
    made.catch(() => undefined);
    return made;
  };
  let next = ahead();
  // Pulls are answered in turn: one is in flight at a time (the stream asks again only after a piece).
  let turn: Promise<void> = Promise.resolve();
  const answer = (message: Answer) => port.postMessage(message);
  const pull = async () => {
    if (controller.signal.aborted) return;
    try {
      const result = await next;
      if (result.done) {
        answer({ done: true });
        port.close();
        return;
      }
      next = ahead();
      answer({ piece: result.value });
    } catch (err) {
      answer({ error: err instanceof Error ? err.message : String(err) });
      port.close();
    }
  };
  port.on('message', (ask: Ask) => {
    if (ask === 'pull') turn = turn.then(pull);
    else {
      controller.abort();
      // The iterator's own clean-up (closing a database connection) runs before the thread ends.
      void Promise.resolve(pieces.return?.(undefined))
        .catch(() => undefined)
        .finally(() => port.close());
    }
  });
}
