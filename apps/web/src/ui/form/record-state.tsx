import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { isApiError } from '@/api/client';

import { QueryError } from '../query-error';
import type { QueryView } from '../query-view';

export interface RecordStateProps<T> {
  /** The query the record comes from (its own, or the list it is found in). */
  query: QueryView;
  /** The record, once found. */
  record: T | undefined;
  /** What to say when there is no such record (a 404, or not in the list). */
  missing: string;
  children: (record: T) => ReactNode;
}

/**
 * The states of the record an edit page shows: a spinner while it loads, a sentence when it does not
 * exist, the shared error with Retry when it could not be read, and otherwise the form.
 */
export function RecordState<T>({ query, record, missing, children }: RecordStateProps<T>) {
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  const notFound = isApiError(query.error) && query.error.status === 404;
  if (query.isError && !notFound) {
    return <QueryError query={query} />;
  }
  if (notFound || record === undefined) return <Text>{missing}</Text>;
  return children(record);
}
