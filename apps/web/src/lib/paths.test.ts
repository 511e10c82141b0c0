import { describe, expect, expectTypeOf, it } from 'vitest';

import { paths, route } from './paths';

describe('paths', () => {
  it('builds each address from its pattern', () => {
    expect(paths.users.edit(5)).toBe('/users/5');
    expect(paths.users.edit.pattern).toBe('/users/:userId');
    expect(paths.partners.outOfOffice.add).toBe('/partners/out-of-office/add');
    expect(paths.partners.outOfOffice.edit(3)).toBe('/partners/out-of-office/3');
    expect(paths.products.variant(7, 12)).toBe('/products/7/variants/12');
    expect(paths.orders.list('cancel-confirmed')).toBe('/orders/cancel-confirmed');
    expect(paths.order(41)).toBe('/order/41');
    expect(paths.componentRates.pattern).toBe('/componentrates/:id');
    expect(paths.return(3)).toBe('/orders/returns/3');
    expect(paths.refund.pattern).toBe('/orders/refunds/:refundId');
    expect(paths.statements.month('2026-05')).toBe('/statements/2026-05');
    expect(paths.statements.orders('2026-05')).toBe('/statements/2026-05/orders');
  });

  it('escapes a value, so it stays one segment', () => {
    expect(route('/reset-password/:token')('a/b c')).toBe('/reset-password/a%2Fb%20c');
  });

  it('asks for one value per parameter', () => {
    expectTypeOf(paths.products.variant).parameters.toEqualTypeOf<[number | string, number | string]>();
    expectTypeOf(paths.users.edit).parameters.toEqualTypeOf<[number | string]>();
    // @ts-expect-error: a variant's address needs the product too
    paths.products.variant(12);
  });
});
