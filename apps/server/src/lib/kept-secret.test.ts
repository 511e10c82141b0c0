import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { settings } from '../db/schema';
import { createHarness, type Harness } from '../test/harness';
import { keptSecret, settingSecret, type SecretPlace } from './kept-secret';

// The secrets the server makes for itself (the guest CSRF key, the accounting token key, the push key pair):
// every instance ends up with the one the database keeps.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('keptSecret', () => {
  it('two instances asking at once both use the one secret kept; a later one reads it without making one', async () => {
    let made = 0;
    const place = settingSecret('test.kept_secret', 'test secret', () => `secret ${String((made += 1))}`);
    const [one, two] = await Promise.all([
      keptSecret(h.database.db, place)(),
      keptSecret(h.database.db, place)(),
    ]);
    expect(one).toBe(two);
    const [row] = await h.database.db.select().from(settings).where(eq(settings.key, 'test.kept_secret'));
    expect(row?.value).toBe(one);
    const madeBefore = made;
    const later = keptSecret(h.database.db, place);
    expect([await later(), await later()]).toEqual([one, one]);
    expect(made).toBe(madeBefore);
  });

  it('holds the secret in memory once read, and a failure not at all (the next call tries again)', async () => {
    let reads = 0;
    let kept: string | undefined;
    const place: SecretPlace<string> = {
      name: 'flaky secret',
      make: () => 'fresh',
      read: () => {
        reads += 1;
        return reads === 1 ? Promise.reject(new Error('the database is away')) : Promise.resolve(kept);
      },
      keep: (_db, fresh) => Promise.resolve((kept ??= fresh)),
    };
    const load = keptSecret(h.database.db, place);
    await expect(load()).rejects.toThrow('the database is away');
    expect(await load()).toBe('fresh');
    expect(await load()).toBe('fresh');
    expect(reads).toBe(3);
  });

  it('a secret that cannot be kept is an error naming it', async () => {
    const place: SecretPlace<string> = {
      name: 'lost secret',
      make: () => 'fresh',
      read: () => Promise.resolve(undefined),
      keep: () => Promise.resolve(),
    };
    await expect(keptSecret(h.database.db, place)()).rejects.toThrow('The lost secret could not be stored.');
  });
});
