import { z } from 'zod';

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

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
