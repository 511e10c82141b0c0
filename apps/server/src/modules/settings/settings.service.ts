import { percentInText } from '@bloomline/contract';
import type { Repriced, StatementsFeature, VatPreview, VatRate } from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { repriceRates } from '../../shared/prices';
import { readSettings } from '../../shared/settings.queries';
import { lockedStatementsFlag, lockedVat, writeStatementsFlag, writeVat } from './settings.queries';

/**
 * A new VAT rate, inside the caller's transaction: written, audited, and every component rate and every
 * variant built from them repriced (shared/prices.ts), so no price is ever built with the old rate. Order
 * lines keep the rate they were assigned with (order_lines.pay_vat_rate, issue 46). Nothing is repriced when
 * the rate is unchanged.
 */
async function changeVat(tx: Tx, userId: number, vat: number) {
  const before = await lockedVat(tx);
  if (before === vat) return { before, repriced: undefined };
  await writeVat(tx, vat);
  await audit(tx, {
    userId,
    event: 'updated',
    message: `VAT changed from ${percentInText(before)} to ${percentInText(vat)}.`,
    propertyType: 'setting',
    oldValues: { vat: before },
    newValues: { vat },
  });
  const repriced = await repriceRates(
    tx,
    { all: true },
    { userId, reason: `VAT ${percentInText(before)} → ${percentInText(vat)}` },
  );
  return { before, repriced };
}

/** Thrown to undo a preview's transaction, carrying what it found. */
class Undone extends Error {
  constructor(readonly preview: VatPreview) {
    super('preview undone');
  }
}

/** Settings that staff change. */
export function createSettingsService({ db }: { db: Db }) {
  return {
    vat: async (): Promise<VatRate> => ({ vat: (await readSettings(db)).vat }),

    setVat: (userId: number, vat: number) =>
      db.transaction(async (tx): Promise<{ data: VatRate; repriced?: Repriced }> => {
        const { repriced } = await changeVat(tx, userId, vat);
        return repriced ? { data: { vat }, repriced } : { data: { vat } };
      }),

    /**
     * What saving `vat` would reprice: the save itself, run and then rolled back (the counts are the save's
     * own, never an estimate), so the screen can ask before it saves.
     */
    previewVat: async (userId: number, vat: number): Promise<VatPreview> => {
      try {
        await db.transaction(async (tx) => {
          const { before, repriced } = await changeVat(tx, userId, vat);
          throw new Undone({ vat, current: before, repriced: repriced ?? { rates: 0, variants: 0 } });
        });
      } catch (e) {
        if (e instanceof Undone) return e.preview;
        throw e;
      }
      throw new Error('a VAT preview always rolls back');
    },

    statements: async (): Promise<StatementsFeature> => ({ statements: (await readSettings(db)).statements }),

    /** Switches the statements feature (`features.statements` in /api/me): the detailed or the simple view. */
    setStatements: (userId: number, on: boolean) =>
      db.transaction(async (tx): Promise<StatementsFeature> => {
        const before = await lockedStatementsFlag(tx);
        if (before === on) return { statements: on };
        await writeStatementsFlag(tx, on);
        await audit(tx, {
          userId,
          event: 'updated',
          message: `Statements feature turned ${on ? 'on' : 'off'}.`,
          propertyType: 'setting',
          oldValues: { 'features.statements': before },
          newValues: { 'features.statements': on },
        });
        return { statements: on };
      }),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
