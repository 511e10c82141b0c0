import { APP_VERSION } from '@bloomline/contract';
import type { AppConfig } from '@bloomline/contract';

import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** The process and its database, for a load balancer's checks, and the settings the web app reads first. */
export function createSystemService({ database, config }: { database: Database; config: Config }) {
  const started = Date.now();
  return {
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
