import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';

import type { Db } from '../db/client';
import { sessions } from '../db/schema';

/** How many session rows the database holds. */
export const sessionRowCount = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]!.n;

/** The names of the cookies an answer sets, sorted. */
export const cookieNames = (res: LightMyRequestResponse) => res.cookies.map((c) => c.name).sort();
