// Constants of the HTTP conversation that the web's first screen needs. No zod here: whatever the sign-in
// page imports from the contract must not pull the schema library into the first download.

/** Statuses a calling screen handles itself; any other error status opens the global error screen. */
export const EXEMPT_ERROR_STATUSES = [401, 403, 404, 405, 406, 422] as const;

export const ERROR_MESSAGES = {
  401: 'Unauthenticated.',
  403: 'This action is unauthorized.',
  404: 'Not Found',
  405: 'The method is not supported for this route.',
  406: 'Already authenticated.',
  419: 'CSRF token mismatch.',
  429: 'Too Many Attempts.',
  500: 'Server Error',
  503: 'Service Unavailable',
} as const;

/** Laravel's method spoofing: a POST form carrying `_method=PUT` is an update. Read only by the router. */
export const METHOD_FIELD = '_method';

/**
 * The header that makes a money-creating call safe to retry (DECISIONS.md "Retries make one record"): the same
 * key from the same user within 24 hours answers the first answer again. Its value's rule is `idempotencyKey`.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
