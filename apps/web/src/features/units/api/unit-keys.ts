import { resourceKeys } from '@/lib/query-keys';

/** Units of measure: one small list, searched in the browser, so no list parameters. */
export const unitKeys = resourceKeys<Record<string, never>>('measure-units');
