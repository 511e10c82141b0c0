import { percentInText } from '@bloomline/contract';
import type { Repriced, StatementsFeature, VatRate } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { repriceRates } from '../../shared/prices';
import { readSettings } from '../../shared/settings.queries';
import { lockedStatementsFlag, lockedVat, writeStatementsFlag, writeVat } from './settings.queries';

/**
 * Settings that staff change. A new VAT rate reprices every component rate and every variant built from
 * them in the same transaction (shared/prices.ts), so no price is ever built with the old rate.
 */
export function createSettingsService({ db }: { db: Db }) {
  return {
    vat: async (): Promise<VatRate> => ({ vat: (await readSettings(db)).vat }),

    setVat: (userId: number, vat: number) =>
      db.transaction(async (tx): Promise<{ data: VatRate; repriced?: Repriced }> => {
        const before = await lockedVat(tx);
        if (before === vat) return { data: { vat } };
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
        return { data: { vat }, repriced };
      }),

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
