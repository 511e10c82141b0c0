import { hash } from '@node-rs/argon2';
import { and, desc, eq } from 'drizzle-orm';

import { auditEntries, users } from '../../db/schema';
import { PASSWORD } from '../../test/fixtures';
import type { Harness } from '../../test/harness';

export type Errors = { message: string; errors: Record<string, string[]> };
export const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;
export const userUrl = (id: number) => `/api/users/${String(id)}`;

/** The users tests' own people: partner users of partner A (or as told), each signed in from an address of its own. */
export function userMaker(h: Harness, net: string) {
  let seq = 0;
  const passwordHash = hash(PASSWORD);
  return async function signedInUser(over: Partial<typeof users.$inferInsert> = {}) {
    seq += 1;
    const email = `member${String(seq)}.${net}@example.com`;
    const [user] = await h.database.db
      .insert(users)
      .values({
        name: `Member ${String(seq)}`,
        email,
        passwordHash: await passwordHash,
        roleId: 1,
        partnerId: h.fixtures.partnerA.id,
        ...over,
      })
      .returning();
    if (!user) throw new Error('insert returned no row');
    const client = h.client(`${net}.9.${String(seq)}`);
    const login = await client.login(email);
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${String(login.statusCode)}`);
    return { user, client };
  };
}

export async function userRow(h: Harness, id: number) {
  const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${String(id)}`);
  return row;
}

export async function lastUserAudit(h: Harness, id: number) {
  const [entry] = await h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'user'), eq(auditEntries.propertyId, id)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry;
}
