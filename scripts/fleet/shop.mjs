// The shop's side of the fleet test (issue 34): orders come in through POST /api/intake/orders with API keys
// (made by staff, as on System → API keys), and staff give their lines to the demo florist, which is what
// rings the florist's phone (the path `npm run demo:new-order` takes).
import { request } from './client.mjs';

/** Johannesburg's today (UTC+2 all year). */
const today = () => new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);

/**
 * A shop for `staff` (a signed-in Client): three keys (each may make 600 calls a minute), an active variant to
 * order, and the partner of `floristEmail` to give the lines to.
 */
export async function openShop(staff, floristEmail) {
  const keys = [];
  for (const name of ['Fleet shop 1', 'Fleet shop 2', 'Fleet shop 3']) {
    const made = await staff.post('/api/api-keys', { name });
    if (made.status !== 201) throw new Error(`POST /api/api-keys answered ${made.status}: ${made.body}`);
    keys.push(JSON.parse(made.body).data.key);
  }
  const products = JSON.parse((await staff.get('/api/products?status=active&per_page=1&s=title&d=asc')).body);
  const variant = products.data[0].variants[0];
  const users = JSON.parse((await staff.get(`/api/users?q=${encodeURIComponent(floristEmail)}`)).body);
  const partnerId = users.data.find((u) => u.email === floristEmail).partner.id;
  let sent = 0;
  return {
    /**
     * An order of `lines` lines through the shop's door at `via` (a Client: the balancer or one instance),
     * then given to the florist by `via`'s staff session; answers like the old demo call: `{status, body}`.
     */
    async order(via, lines = 1) {
      sent += 1;
      const res = await request(`${via.base}/api/intake/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${keys[sent % keys.length]}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          externalId: `fleet-${String(process.pid)}-${String(sent)}`,
          source: 'web',
          paymentType: 'card',
          customer: { name: 'Fleet Buyer', email: 'fleet.buyer@example.com' },
          recipient: {
            firstName: 'Thandi',
            lastName: 'Fleet',
            phone: '+27 82 555 0199',
            address1: '12 Long Street',
            city: 'Cape Town',
          },
          deliveryDate: today(),
          deliveryFee: 99,
          lines: Array.from({ length: lines }, () => ({
            productVariantId: variant.id,
            quantity: 1,
            value: variant.price,
          })),
        }),
      });
      if (res.status !== 201) return res;
      const order = JSON.parse(res.body).data;
      for (const line of order.lines) {
        const given = await via.post(`/api/reassign-order-line/${String(line.id)}`, {
          partner_id: partnerId,
        });
        if (given.status !== 200) return given;
      }
      return res;
    },
  };
}
