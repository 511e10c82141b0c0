// A worker for lib/worker-stream.test.ts: `pieces` numbered pieces ("piece 1\n"…), each noted in `log` (a file)
// as it is made, then `fail` thrown if given; the log's last line says how it ended ("ended" or "stopped").
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { workerData } from 'node:worker_threads';

import { serveStream } from '../lib/worker-stream';

const job = workerData as { pieces: number; log: string; fail?: string; delayMs?: number };

serveStream(async function* (signal) {
  let stopped = true;
  try {
    for (let i = 1; i <= job.pieces; i += 1) {
      if (job.delayMs) await sleep(job.delayMs);
      if (signal.aborted) return;
      appendFileSync(job.log, `made ${String(i)}\n`);
      yield `piece ${String(i)}\n`;
    }
    if (job.fail) throw new Error(job.fail);
    stopped = false;
  } finally {
    appendFileSync(job.log, stopped ? 'stopped\n' : 'ended\n');
  }
});
