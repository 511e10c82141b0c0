import { z } from 'zod';

/** The version label shown at the bottom of the dashboard. */
export const APP_VERSION = '3.2.33';

export const appConfig = z.object({
  version: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  mapTileUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfig>;
