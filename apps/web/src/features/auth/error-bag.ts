import type { ErrorBag } from '@bloomline/contract';

import { isApiError } from '@/api/client';

// Apart from the calls (api.ts): the sign-in page, on the first screen, uses it and loads no schema.
/** The error bag of a 422 (or a 429 shown on `field`), or null when the error is something else. */
export function bagOf(error: unknown, throttledField = 'email'): ErrorBag | null {
  if (!isApiError(error)) return null;
  if (error.status === 422) return error.errors;
  if (error.status === 429) return { [throttledField]: [error.message] };
  return null;
}
