// Its own module, without zod, so that the dashboard's first screen (which shows it) does not load zod for it.

/** The version label shown at the bottom of the dashboard. */
export const APP_VERSION = '3.2.33';
