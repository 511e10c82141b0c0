/**
 * A JSON array's text as its items arrive in batches (`[`, the items with commas, `]`), pulled by the reader: a
 * slow client slows the producer, and the whole answer never sits in memory. Used where a JSON answer can
 * be as long as a year of order lines (the accounting report).
 */
export async function* jsonArrayPieces(batches: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    // One piece per batch: a write per row would cost more than the JSON.
    const text = batch.map((item) => JSON.stringify(item)).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']';
}
