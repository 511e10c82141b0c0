import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { partners } from './partners';
import { users } from './users';

/**
 * Each change of a partner's bank details (issue 46), with who made it and who confirmed it: the four eyes.
 * The partner's own columns hold the details now in force; its latest row here says whether they are
 * confirmed (`confirmed_at`), so a payout pays only confirmed details. A row without `changed_by` holds
 * details recorded before the rule (migration 0023): any user with managePayouts may confirm them.
 */
export const partnerBankChanges = pgTable(
  'partner_bank_changes',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    bankName: text('bank_name'),
    branchCode: text('branch_code'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    accountType: text('account_type'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('partner_bank_changes_partner_idx').on(t.partnerId, t.id)],
);
