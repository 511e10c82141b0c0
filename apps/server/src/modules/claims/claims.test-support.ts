import type { Harness } from '../../test/harness';
import type { LineSpec } from '../../test/orders-fixtures';

/**
 * The claims tests' order lines, all delivered: A 2 × R 450,01, B (VAT registered, 20 %) 3 × R 299,99,
 * A 1 × R 123,45 (the sums the tests work out by hand start from these).
 */
export const threeDeliveredLines = ({ partnerA, partnerB }: Harness['fixtures']): LineSpec[] => [
  { partnerId: partnerA.id, status: 'delivered', valueCents: 45001, quantity: 2, title: 'Roses' },
  { partnerId: partnerB.id, status: 'delivered', valueCents: 29999, quantity: 3, title: 'Lilies' },
  { partnerId: partnerA.id, status: 'delivered', valueCents: 12345, title: 'Card' },
];
