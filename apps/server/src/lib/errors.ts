import type { ErrorBag } from '@bloomline/contract';
import { ERROR_MESSAGES, fillErrorBag } from '@bloomline/contract';

/** Domain errors thrown by services; the one error handler turns them into answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * A 422. Its messages may be the contract's templates (`:Attribute cannot be in the past.`): each field's label
 * is filled in as the contract does for schema errors, so a rule of a service speaks like the schemas.
 */
export class ValidationError extends HttpError {
  readonly errors: ErrorBag;
  constructor(errors: ErrorBag, message?: string) {
    const filled = fillErrorBag(errors);
    super(422, message ?? Object.values(filled).flat()[0] ?? 'The given data was invalid.');
    this.errors = filled;
  }
  static field(field: string, message: string) {
    return new ValidationError({ [field]: [message] });
  }
}

export const unauthenticated = () => new HttpError(401, ERROR_MESSAGES[401]);
export const forbidden = (message: string = ERROR_MESSAGES[403]) => new HttpError(403, message);
export const notFound = (message: string = ERROR_MESSAGES[404]) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const csrfMismatch = () => new HttpError(419, ERROR_MESSAGES[419]);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/** The record, or a 404 when there is none: "the record or 404" of every read and change, decided once. */
export function found<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw notFound();
  return record;
}
