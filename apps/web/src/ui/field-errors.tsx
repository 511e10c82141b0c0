import { List } from '@mantine/core';

import type { ErrorBag } from '@bloomline/contract';

/** The messages a 422 bag holds for one field. */
export function fieldMessages(bag: ErrorBag | null | undefined, field: string): string[] {
  return bag?.[field] ?? [];
}

/** The messages for one field as one string, for a Mantine input's `error` prop. */
export function fieldError(bag: ErrorBag | null | undefined, field: string): string | undefined {
  const messages = fieldMessages(bag, field);
  return messages.length > 0 ? messages.join(' ') : undefined;
}

export type FieldErrorsProps = { errors: ErrorBag | null | undefined; field: string };

/** The messages for one field as a list under it (part 1, point 5). */
export function FieldErrors({ errors, field }: FieldErrorsProps) {
  const messages = fieldMessages(errors, field);
  if (messages.length === 0) return null;
  // The alert role sits on a wrapper so the list keeps its list semantics.
  return (
    <div role="alert">
      <List size="sm" c="red.9" mt={4} data-field={field}>
        {messages.map((message, index) => (
          <List.Item key={`${index}-${message}`}>{message}</List.Item>
        ))}
      </List>
    </div>
  );
}
