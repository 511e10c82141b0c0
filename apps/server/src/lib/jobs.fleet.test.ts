import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../db/client';
import { JOB_SCHEMA } from '../db/job-schema';
import { createJobs, type Jobs } from './jobs';

// Issue 38: the instances of a fleet start at once on a new database, and each creates the job queues it
// declares. pg-boss creates a queue without a lock of its own: three at once deadlocked on its queue table, and
// the instance that lost did not start (CI, 2026-11-27). Only PostgreSQL has several processes on one database.

const url = process.env.DATABASE_URL;
const name = `bloomline_jobs_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
const databases: Database[] = [];
const fleet: Jobs[] = [];

const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

afterAll(async () => {
  for (const jobs of fleet) await jobs.stop(1_000);
  for (const database of databases) await database.close();
  if (url) await admin(`drop database if exists ${name} with (force)`);
});

describe.runIf(url)('three instances starting at once on a new database', () => {
  it('all start, and each queue is made once', async () => {
    await admin(`create database ${name}`);
    const at = new URL(url!);
    at.pathname = `/${name}`;
    const open = () => openDatabase({ databaseUrl: at.toString(), dataDir: 'memory', poolSize: 3 });
    const first = await open();
    databases.push(first);
    await first.migrate();
    databases.push(await open(), await open());

    const log = Fastify({ logger: false }).log;
    const queues = ['mail-a', 'mail-b', 'month-end-a', 'month-end-b'];
    for (const database of databases) {
      const jobs = createJobs({ database, log, pollSeconds: 1, schedule: false, supervise: false });
      for (const queue of queues) jobs.queue({ name: queue, retryLimit: 3, retryDelay: 1 });
      fleet.push(jobs);
    }

    const started = await Promise.allSettled(fleet.map((jobs) => jobs.start()));
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    const { rows } = await first.query(`select name, retry_limit from ${JOB_SCHEMA}.queue order by name`);
    expect(rows).toEqual(queues.map((queue) => ({ name: queue, retry_limit: 3 })));
  });
});
