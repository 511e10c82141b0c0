import { Readable } from 'node:stream';

import { type Options, stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

import { sendDownload } from './download';

export type CsvCell = string | number | null;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
  /** A rand amount: written with two decimals (`1904.40`), a negative one as a number (`-12.50`, no `'`). */
  money?: boolean;
}

/**
 * Windows line ends (what spreadsheets write), and csv-stringify's protection against formula injection
 * (OWASP, "CSV injection"): a text cell that a spreadsheet would run as a formula ("=HYPERLINK(…)",
 * "@SUM(…)", "-2+3", their full-width forms, a leading tab or carriage return) starts with an apostrophe
 * instead, so it shows as the text it is. Numbers stay numbers: a latitude of -33.9 is no formula.
 */
const CSV: Options = { record_delimiter: 'windows', escape_formulas: true };

/**
 * A CSV file's text, a piece at a time: a header row, then the rows, every text cell made safe. A byte-order
 * mark leads, so spreadsheets read the text as UTF-8 (accents in names). `rows` is the whole list, or batches
 * of it as they come from the database: csv-stringify writes each batch as one piece when the reader asks for
 * more, so a slow client slows the database and a long report never sits in memory.
 */
export async function* csvPieces<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[] | AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  const batches = Symbol.asyncIterator in rows ? rows : [rows];
  const money = new Set(columns.flatMap((c, i) => (c.money ? [i] : [])));
  // Cast after the formula check has seen a number: a negative amount stays a plain number.
  const options: Options =
    money.size === 0
      ? CSV
      : {
          ...CSV,
          cast: {
            number: (value, context) => (money.has(Number(context.index)) ? value.toFixed(2) : String(value)),
          },
        };
  yield stringify([columns.map((c) => c.header)], { ...CSV, bom: true });
  for await (const batch of batches) {
    if (batch.length > 0)
      yield stringify(
        batch.map((row) => columns.map((c) => c.value(row) ?? '')),
        options,
      );
  }
}

/** `csvPieces` as a stream of bytes, read as the client reads. */
export const csvStream = <Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[] | AsyncIterable<readonly Row[]>,
): Readable => Readable.from(csvPieces(columns, rows), { objectMode: false });

/** Sends a CSV stream as a download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  return sendDownload(reply, { filename, contentType: 'text/csv; charset=utf-8', body: stream });
}
