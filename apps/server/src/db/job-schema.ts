import PgBoss from 'pg-boss';

/** One SQL text on the database (`Database['query']`, written here so this file does not import the client). */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The job library's tables live in a schema of their own. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Creates the job library's tables (pg-boss) beside ours when they are missing: part of `migrate()`, so it runs
 * once under the start-up lock and the tests' migrated template holds it. A later pg-boss with a newer schema
 * migrates its own tables when it starts (under its own advisory lock).
 */
export async function installJobSchema(query: Query): Promise<void> {
  if (await jobSchemaInstalled(query)) return;
  await query(PgBoss.getConstructionPlans(JOB_SCHEMA));
}

export async function jobSchemaInstalled(query: Query): Promise<boolean> {
  const { rows } = await query(`select to_regclass('${JOB_SCHEMA}.version') is not null as installed`);
  return rows[0]?.installed === true;
}
