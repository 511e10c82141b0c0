import { APP_VERSION } from '@bloomline/contract';
import type { AppConfig } from '@bloomline/contract';

import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** Whether this instance is stopping (SIGTERM): it answers what it has, and says it is not ready. */
export function createLifecycle() {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;

/** The process and its database, for a load balancer's checks, and the settings the web app reads first. */
export function createSystemService({
  database,
  config,
  lifecycle,
}: {
  database: Database;
  config: Config;
  lifecycle: Lifecycle;
}) {
  const started = Date.now();
  return {
    /**
     * Readiness (`/ready`), unlike liveness (`/health`): not while stopping, nor while the database does not
     * answer or has migrations this build expects and it lacks (an instance of a newer version waiting for them).
     */
    async ready() {
      if (lifecycle.draining) return { status: 'stopping' as const, database: 'not checked' };
      try {
        const current = await database.migrationsCurrent();
        return current
          ? { status: 'ready' as const, database: 'ok' }
          : { status: 'not ready' as const, database: 'migrations pending' };
      } catch {
        return { status: 'not ready' as const, database: 'unreachable' };
      }
    },

    async health() {
      try {
        await database.ping();
        return {
          status: 'ok' as const,
          database: 'ok',
          engine: database.engine,
          uptime: Math.round((Date.now() - started) / 1000),
          version: APP_VERSION,
        };
      } catch {
        return { status: 'error' as const, database: 'unreachable', engine: database.engine };
      }
    },

    publicConfig: (): AppConfig => ({
      version: APP_VERSION,
      supportPhone: config.support.phone,
      supportEmail: config.support.email,
      mapTileUrl: config.mapTileUrl,
    }),
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
