// The accounting CSV's worker thread (`accountingCsvOffThread`): its own connection, its own heap.
import { workerData } from 'node:worker_threads';

import pg from 'pg';

import { copyOut } from '../../db/copy-out';
import { serveStream } from '../../lib/worker-stream';
import { type AccountingCsvJob, accountingCsvPieces } from './accounting-csv';

const job = workerData as AccountingCsvJob;

serveStream(async function* (signal) {
  const pool = new pg.Pool({ connectionString: job.connectionString, max: 1 });
  // A lost connection is reported here and by the COPY that was reading it (which fails the download).
  pool.on('error', () => undefined);
  try {
    yield* accountingCsvPieces({ copyOut: (query, s) => copyOut(pool, query, s) }, job.range, signal);
  } finally {
    await pool.end();
  }
});
