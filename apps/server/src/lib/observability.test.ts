import { Writable } from 'node:stream';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { requestIdMixin, requestIdOptions, useRequestIds } from './observability';

describe('request ids in the log', () => {
  it('names the request on every line logged while it is handled, by the app logger too', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream, mixin: requestIdMixin },
      ...requestIdOptions(false),
    });
    useRequestIds(app);
    app.get('/work', async (request) => {
      // A service logs through the app's logger, after an await: the line still names the request.
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.log.info('a service line');
      request.log.info('a request line');
      return { ok: true };
    });
    app.log.info('outside any request');
    const res = await app.inject({ method: 'GET', url: '/work' });
    const id = res.headers['x-request-id'];
    expect(id).toBeTruthy();
    const during = lines.filter((l) => l.msg !== 'outside any request');
    expect(during.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'a service line', 'a request line', 'request completed']),
    );
    for (const line of during) expect(line.reqId, String(line.msg)).toBe(id);
    // Named once per line, never twice.
    expect(lines.every((l) => Object.keys(l).filter((k) => k === 'reqId').length <= 1)).toBe(true);
    expect(lines.find((l) => l.msg === 'outside any request')?.reqId).toBeUndefined();
    await app.close();
  });
});
