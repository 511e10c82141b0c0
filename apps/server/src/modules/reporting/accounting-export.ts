import { Readable } from 'node:stream';

import type { AccountingRow, DateRange } from '@bloomline/contract';
import { ACCOUNTING_COLUMNS } from '@bloomline/contract';

import { type CsvColumn, csvPieces } from '../../lib/csv';
import { Slots } from '../../lib/slots';
import { workerModule, workerStream } from '../../lib/worker-stream';
import { type AccountingSource, accountingRows } from './accounting.queries';
import { jsonArrayPieces } from './json-stream';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The money positions: Value, Delivery fee, On pay excl. and incl. delivery, Adjustment. */
const MONEY_POSITIONS: ReadonlySet<number> = new Set([10, 14, 15, 16, 17]);

/**
 * The accounting CSV's 18 named columns: position 18 (the order id) is for the screen's dialog only. Money
 * cells always carry two decimals (`1904.40`, `120.00`), as DECISIONS.md says of every CSV.
 */
const ACCOUNTING_CSV: CsvColumn<AccountingRow>[] = ACCOUNTING_COLUMNS.map((header, i) => ({
  header,
  money: MONEY_POSITIONS.has(i),
  value: (row) => {
    const cell = row[i];
    if (typeof cell === 'boolean') return yesNo(cell);
    // -0 (an adjustment of nothing) is written 0.00.
    if (typeof cell === 'number' && MONEY_POSITIONS.has(i)) return cell === 0 ? 0 : cell;
    return cell ?? null;
  },
}));

/** The accounting report's answer: the CSV file, or the JSON array of 19 positions a row. */
export type AccountingFormat = 'csv' | 'json';

/** The accounting report's text for `range`, a piece per batch of rows. */
export function accountingPieces(
  format: AccountingFormat,
  source: AccountingSource,
  range: DateRange,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const rows = accountingRows(source, range, signal);
  return format === 'csv' ? csvPieces(ACCOUNTING_CSV, rows) : jsonArrayPieces(rows);
}

/** The accounting report made on this thread (the embedded database lives here). */
export const accountingExport = (
  format: AccountingFormat,
  source: AccountingSource,
  range: DateRange,
  signal?: AbortSignal,
): Readable => Readable.from(accountingPieces(format, source, range, signal), { objectMode: false });

/** What `accounting-export.worker.ts` is given. */
export interface AccountingJob {
  format: AccountingFormat;
  connectionString: string;
  range: DateRange;
}

/**
 * A year is about 1.25 million rows at 1,000,000 orders, and csv-stringify makes about 12 kB of short-lived
 * objects a row: in the server's own heap that garbage grew the young generation to its full size. The
 * worker's young generation is this size instead (bench/RESULTS.md, issue 23, fourth pass: 12 MB promoted the
 * batches in hand at nearly every scavenge and ran a third slower, 48 MB grew more and ran no faster), and its
 * old generation is bounded (what it keeps is a batch of rows and the modules).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 96 };
/**
 * Exports written at once; more wait for a turn. Each has a worker (about 50 MB while it runs) and a database
 * connection of its own, outside the server's pool, so the bookkeeper's downloads never hold the connections
 * that answer everyone else.
 */
const exportSlots = new Slots(3);

/**
 * The accounting report on PostgreSQL, made by a worker thread of its own with its own connection
 * (`accounting-export.worker.ts`): the main thread only passes the pieces on.
 */
export const accountingExportOffThread = (job: AccountingJob, signal?: AbortSignal): Readable =>
  workerStream(workerModule('accounting-export.worker', import.meta.url), {
    data: job,
    ...(signal ? { signal } : {}),
    resourceLimits: WORKER_LIMITS,
    slots: exportSlots,
  });
