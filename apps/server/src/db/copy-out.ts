import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** One row of `COPY … TO STDOUT`: each column's text, `null` for SQL NULL. */
export type CopyRow = (string | null)[];

/** Renders drizzle SQL as the database would get it, with the same column casing as the app's `db`. */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A value written into the statement as an SQL literal, quoted and escaped by node-postgres: `COPY` takes no
 * bind parameters, so a statement for `copyOut` carries its values this way (they have passed the contract's
 * schemas before they get here, and the escaping holds for any text regardless).
 */
export const literal = (value: string): SQL => sql.raw(pg.escapeLiteral(value));

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

const unescape = (text: string) => text.replace(/\\(.)/gs, (_, c: string) => ESCAPES[c] ?? c);

/**
 * The rows of whole lines of COPY's text format (PostgreSQL's default for `COPY … TO`: tab between columns,
 * a line feed after each row, `\N` for NULL, and inside a value `\\`, `\t`, `\n`… for a backslash, a tab, a
 * line break…). `COPY TO` writes every tab, line break and backslash of a value escaped, so splitting on the
 * raw characters is exact. Anything after the last line feed is left out (the caller keeps it).
 */
export function copyTextRows(text: string): CopyRow[] {
  const rows: CopyRow[] = [];
  let start = 0;
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
    const cells: CopyRow = text.slice(start, end).split('\t');
    for (let i = 0; i < cells.length; i += 1) {
      const cell = cells[i]!;
      if (cell === '\\N') cells[i] = null;
      else if (cell.includes('\\')) cells[i] = unescape(cell);
    }
    rows.push(cells);
    start = end + 1;
  }
  return rows;
}

const LINE_FEED = 0x0a;
/** Bytes of COPY's text decoded and handed on at once. */
const SLICE_BYTES = 32 * 1024;

/**
 * Streams the rows of `query` out of PostgreSQL with `COPY (query) TO STDOUT`, a batch per piece the socket
 * delivers. PostgreSQL writes rows as fast as they are read and no faster: when the consumer stops pulling,
 * the stream stops reading the socket and the server waits on TCP, so memory stays flat whatever the length.
 * Ended early (the consumer returned, threw, or `signal` fired), the connection is closed instead of returned
 * to the pool: closing it is what stops a `COPY` on the server.
 *
 * `query` must carry no bind parameters (`literal` writes values in): a programming error otherwise.
 */
export async function* copyOut(pool: pg.Pool, query: SQL, signal?: AbortSignal): AsyncGenerator<CopyRow[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('copyOut: COPY takes no parameters; write values with literal()');
  const client = await pool.connect();
  const stream = client.query(copyTo(`copy (${text}) to stdout`));
  let released = false;
  /** Back to the pool when the COPY ended; otherwise closed, which is what ends a COPY on the server. */
  const release = (stopped: boolean) => {
    if (released) return;
    released = true;
    if (!stopped) return client.release();
    stream.destroy();
    client.release(new Error('copy stopped before its end'));
  };
  // The client went away: close at once, even while this reader waits at a `yield` to be resumed.
  const stop = () => release(true);
  signal?.addEventListener('abort', stop, { once: true });
  let finished = false;
  try {
    // A piece may end inside a row (or a character): the part after its last line feed waits for the next.
    let rest: Buffer | null = null;
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const bytes: Buffer = rest ? Buffer.concat([rest, piece]) : piece;
      let start = 0;
      // Whole lines, at most SLICE_BYTES at a time (a longer row alone): batches of a few hundred rows,
      // however much the socket delivered at once.
      for (;;) {
        if (signal?.aborted) return;
        let end = bytes.lastIndexOf(LINE_FEED, Math.min(start + SLICE_BYTES, bytes.length) - 1);
        if (end < start) end = bytes.indexOf(LINE_FEED, start);
        if (end < 0) break;
        yield copyTextRows(bytes.toString('utf8', start, end + 1));
        start = end + 1;
      }
      rest = start < bytes.length ? bytes.subarray(start) : null;
    }
    finished = !signal?.aborted;
  } catch (err) {
    // Destroyed because the client went away: the stream says "premature close", which is what was asked.
    if (!signal?.aborted) throw err;
  } finally {
    signal?.removeEventListener('abort', stop);
    release(!finished);
  }
}
