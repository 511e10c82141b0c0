// The accounting report's worker thread (`accountingExportOffThread`): its own connection, its own heap.
import { workerData } from 'node:worker_threads';

import pg from 'pg';

import { copyOut } from '../../db/copy-out';
import { serveStream } from '../../lib/worker-stream';
import { type AccountingJob, accountingPieces } from './accounting-export';

const job = workerData as AccountingJob;

serveStream(async function* (signal) {
  const pool = new pg.Pool({ connectionString: job.connectionString, max: 1 });
  // A lost connection is reported here and by the COPY that was reading it (which fails the download).
  pool.on('error', () => undefined);
  try {
    yield* accountingPieces(
      job.format,
      { copyOut: (query, s) => copyOut(pool, query, s) },
      job.range,
      signal,
    );
  } finally {
    await pool.end();
  }
});
