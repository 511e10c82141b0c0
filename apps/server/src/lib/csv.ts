import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

import { sendDownload } from './download';

export type CsvCell = string | number | null;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/** What a spreadsheet reads as the start of a formula (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula ("=HYPERLINK(…)", "@SUM(…)", "-2+3") starts with an
 * apostrophe instead, so it shows as the text it is. Numbers stay numbers (a latitude of -33.9 is no formula).
 */
export function safeCell(value: CsvCell): CsvCell {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV file as a stream: a header row, then one row per record, every text cell made safe. A byte-order
 * mark leads, so spreadsheets read the text as UTF-8 (accents in names).
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Readable {
  const out = stringify({ bom: true, eof: true, record_delimiter: 'windows' });
  const records = Readable.from(
    (async function* () {
      yield columns.map((c) => c.header);
      for await (const row of rows) yield columns.map((c) => safeCell(c.value(row)) ?? '');
    })(),
  );
  // A failure ends the answer early (the status is sent by then); pipeline destroys both streams.
  pipeline(records, out).catch(() => undefined);
  return out;
}

/** Sends a CSV stream as a download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  return sendDownload(reply, { filename, contentType: 'text/csv; charset=utf-8', body: stream });
}
