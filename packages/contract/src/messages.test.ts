import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { idField } from './fields';
import { MESSAGES } from './messages';
import { userBody } from './users';
import { attributeName, fieldLabel, fillErrorBag, fillMessage, toErrorBag } from './validation';

// Laravel's attribute wording and the message templates: one home (messages.ts, validation.ts) for the
// server's 422 bags (toErrorBag from the schema, fillErrorBag from a service's refusal) and the web's checks.
describe('a field in words', () => {
  it('turns a field name into words Laravel’s way, and a label into a sentence', () => {
    expect(attributeName(['password_confirmation'])).toBe('password confirmation');
    expect(attributeName(['ownerEmail'])).toBe('owner email');
    expect(fieldLabel(['lines', 0, 'owner_email'])).toBe('Owner email');
    expect(fieldLabel(['wholesale_excl_vat'])).toBe('Wholesale price');
    expect(fillMessage(MESSAGES.choose, ['colour_id'])).toBe('Choose a colour.');
    expect(fillMessage(MESSAGES.choose, ['image_file'])).toBe('Choose a picture.');
    expect(fillMessage(MESSAGES.choose, ['unit_id'])).toBe('Choose a unit.');
    expect(fillMessage(MESSAGES.choose, ['order_id'])).toBe('Choose an order id.');
    expect(fillMessage(MESSAGES.taken, ['vat'])).toBe('This VAT is already taken.');
  });
});

describe('"Choose a valid …" (what Laravel calls "The selected … is invalid.")', () => {
  it('reads the same from a schema, from a service’s refusal and from a database constraint', () => {
    const fromSchema = userBody.safeParse({ name: 'A', email: 'a@example.com', role_id: 9 });
    expect(fromSchema.success).toBe(false);
    const schemaBag = toErrorBag(fromSchema.error?.issues ?? []);
    expect(schemaBag.role_id).toEqual(['Choose a valid role.']);
    expect(fillErrorBag({ role_id: [MESSAGES.invalidChoice] })).toEqual({ role_id: schemaBag.role_id });
  });
});

describe('an id’s refusals', () => {
  it('are the shared templates, filled like every other message', () => {
    const bagOf = (value: unknown) => {
      const parsed = z.object({ partner_id: idField() }).safeParse({ partner_id: value });
      return toErrorBag(parsed.error?.issues ?? []).partner_id;
    };
    expect(bagOf(undefined)).toEqual([fillMessage(MESSAGES.choose, ['partner_id'])]);
    expect(bagOf('x')).toEqual([fillMessage(MESSAGES.integer, ['partner_id'])]);
    expect(bagOf(0)).toEqual([fillMessage(MESSAGES.min(1), ['partner_id'])]);
    expect(bagOf(2 ** 31)).toEqual([fillMessage(MESSAGES.max(2_147_483_647), ['partner_id'])]);
    expect(bagOf(undefined)).toEqual(['Choose a partner.']);
  });
});
