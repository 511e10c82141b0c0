import { z } from 'zod';

export const appConfig = z.object({
  version: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  mapTileUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfig>;
