import { Readable } from 'node:stream';

import type { AccountingRow, DateRange } from '@bloomline/contract';
import { ACCOUNTING_COLUMNS } from '@bloomline/contract';

import { type CsvColumn, csvPieces } from '../../lib/csv';
import { workerModule, WorkerSlots, workerStream } from '../../lib/worker-stream';
import { type AccountingSource, accountingRows } from './accounting.queries';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The accounting CSV's 18 named columns: position 18 (the order id) is for the screen's dialog only. */
const ACCOUNTING_CSV: CsvColumn<AccountingRow>[] = ACCOUNTING_COLUMNS.map((header, i) => ({
  header,
  value: (row) => {
    const cell = row[i];
    return typeof cell === 'boolean' ? yesNo(cell) : (cell ?? null);
  },
}));

/** The accounting CSV's text of `range`, a piece per batch of rows. */
export const accountingCsvPieces = (source: AccountingSource, range: DateRange, signal?: AbortSignal) =>
  csvPieces(ACCOUNTING_CSV, accountingRows(source, range, signal));

/** The accounting CSV of `range`, made on this thread (the embedded database lives here). */
export const accountingCsv = (source: AccountingSource, range: DateRange, signal?: AbortSignal): Readable =>
  Readable.from(accountingCsvPieces(source, range, signal), { objectMode: false });

/** What `accounting-csv.worker.ts` is given. */
export interface AccountingCsvJob {
  connectionString: string;
  range: DateRange;
}

/**
 * A year's CSV is about 1.25 million rows at 1,000,000 orders, and about 12 kB of short-lived objects a row
 * (csv-stringify's per field): in the server's own heap that garbage grew the young generation to its full
 * size (2 × 64 MB with `npm start`'s flag). The worker's young generation is this size instead (measured in
 * bench/RESULTS.md, issue 23, fourth pass), and its old generation is bounded (what it keeps is a batch of
 * rows and the modules).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 96 };
/**
 * Exports written at once; more wait for a turn. Each has a worker (about 20 MB) and a database connection of
 * its own, outside the server's pool, so the bookkeeper's downloads never hold the connections that answer
 * everyone else.
 */
const exportSlots = new WorkerSlots(3);

/**
 * The accounting CSV of `range` on PostgreSQL, made by a worker thread of its own with its own connection
 * (`accounting-csv.worker.ts`): the main thread only passes the pieces on.
 */
export const accountingCsvOffThread = (job: AccountingCsvJob, signal?: AbortSignal): Readable =>
  workerStream(workerModule('accounting-csv.worker', import.meta.url), {
    data: job,
    ...(signal ? { signal } : {}),
    resourceLimits: WORKER_LIMITS,
    slots: exportSlots,
  });
