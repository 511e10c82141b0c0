import { it } from 'vitest';
import { createHarness } from './harness';
it('x', async () => {
  const h = await createHarness();
  const g = h.client('10.7.0.9');
  await g.csrf();
  for (const v of ['%', '%zz', 'abc%', '%E0%A4%A', '%00', '%ED%A0%80', 'x'.repeat(5000), ' ']) {
    const r = await g.request('POST', '/api/orders/1/cancel', ' ', {
      'content-type': 'text/plain',
      'x-xsrf-token': v,
      'x-csrf-token': v,
    });
    console.log(JSON.stringify(v.slice(0, 10)), r.statusCode, r.body.slice(0, 100));
  }
  await h.close();
});
