import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { Slots } from './slots';
import { workerModule, workerStream } from './worker-stream';

const counting = workerModule('../test/counting.worker', import.meta.url);
const folder = mkdtempSync(path.join(os.tmpdir(), 'worker-stream-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let logs = 0;
const newLog = () => path.join(folder, `log-${String((logs += 1))}.txt`);
const lines = (log: string) => {
  try {
    return readFileSync(log, 'utf8').trim().split('\n');
  } catch {
    return [];
  }
};
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('workerStream', () => {
  it('passes on every piece the worker makes, in order, then ends', async () => {
    const log = newLog();
    let text = '';
    for await (const piece of workerStream(counting, { data: { pieces: 500, log } })) text += String(piece);
    expect(text.split('\n').filter(Boolean)).toEqual(
      Array.from({ length: 500 }, (_, i) => `piece ${String(i + 1)}`),
    );
    expect(lines(log).at(-1)).toBe('ended');
  });

  it('makes a piece only when the reader asks: a reader that stops pulling stops the worker', async () => {
    const log = newLog();
    const stream = workerStream(counting, { data: { pieces: 10_000, log } });
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    // The stream fills its own buffer (16 kB of these short pieces) and then asks for nothing more: the count
    // of pieces made settles (two readings 250 ms apart agree) far below the 10,000 a free-running worker makes.
    let made = -1;
    for (let i = 0; i < 40; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = lines(log).length;
      if (now === made) break;
      made = now;
    }
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(2000);
    expect(lines(log).at(-1)).not.toBe('ended');
    await reader.return?.();
    await until(() => lines(log).at(-1) === 'stopped', 'the worker to stop');
  });

  it('stops the worker when the client goes away (the signal), and the worker cleans up', async () => {
    const log = newLog();
    const controller = new AbortController();
    const stream = workerStream(counting, {
      data: { pieces: 1_000_000, log, delayMs: 1 },
      signal: controller.signal,
    });
    const reading = (async () => {
      for await (const piece of stream) void piece;
    })();
    await until(() => lines(log).length > 3, 'the first pieces');
    controller.abort();
    await expect(reading).rejects.toThrow();
    await until(() => lines(log).at(-1) === 'stopped', 'the worker to clean up');
    const made = lines(log).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines(log).length).toBe(made);
  });

  it("fails the stream with the worker's error", async () => {
    const log = newLog();
    const stream = workerStream(counting, { data: { pieces: 3, log, fail: 'the database went away' } });
    let text = '';
    await expect(
      (async () => {
        for await (const piece of stream) text += String(piece);
      })(),
    ).rejects.toThrow('the database went away');
    expect(text).toBe('piece 1\npiece 2\npiece 3\n');
  });

  it('fails the stream when the worker cannot start', async () => {
    const missing = workerModule('../test/no-such.worker', import.meta.url);
    await expect(
      (async () => {
        for await (const piece of workerStream(missing, { data: {} })) void piece;
      })(),
    ).rejects.toThrow();
  });

  it('starts a worker only when one of its slots is free; the others wait their turn', async () => {
    const slots = new Slots(1);
    const [first, second] = [newLog(), newLog()];
    const a = workerStream(counting, { data: { pieces: 20, log: first, delayMs: 20 }, slots });
    const b = workerStream(counting, { data: { pieces: 2, log: second }, slots });
    const order: string[] = [];
    await Promise.all(
      [a, b].map(async (stream, i) => {
        for await (const piece of stream) void piece;
        order.push(i === 0 ? 'first' : 'second');
      }),
    );
    expect(order).toEqual(['first', 'second']);
    expect(lines(second)).toEqual(['made 1', 'made 2', 'ended']);
    // A stream destroyed while waiting for its turn gives the turn on.
    const waiting = workerStream(counting, { data: { pieces: 1_000_000, log: newLog(), delayMs: 5 }, slots });
    const never = workerStream(counting, { data: { pieces: 1, log: newLog() }, slots });
    never.destroy();
    const last = newLog();
    const after = workerStream(counting, { data: { pieces: 1, log: last }, slots });
    waiting.destroy();
    let text = '';
    for await (const piece of after) text += String(piece);
    expect(text).toBe('piece 1\n');
  });
});
