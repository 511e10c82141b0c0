import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

import type { Component, Paged } from '@bloomline/contract';

import { componentKeys, invalidateResources } from '@/lib/query-keys';

import { saveComponent } from '../api/save-component';
import { RowAutosave, type RowState } from './row-autosave';

/**
 * Failures a row shows itself instead of the app's error screen: a conflict, a refused or lost session
 * token, too many requests, a server error. Network failures and time-outs never reach that screen.
 */
export const ROW_SAVE_HANDLES = [400, 409, 413, 419, 429, 500, 502, 503, 504] as const;

/** What the page keeps of the rows holding unsaved changes, to save them before leaving. */
export type UnsavedRows = {
  /** Called while a row is dirty; the returned function says it no longer is. */
  track: (id: number, row: Pick<RowAutosave, 'flush'>) => () => void;
};

/**
 * The answer replaces the row in every cached page and the record's copy, then the lists and the record are
 * marked stale without a refetch: the page under the user's caret is not reloaded (nor re-sorted).
 */
export function rememberSaved(queryClient: QueryClient, answer: Component) {
  queryClient.setQueriesData<Paged<Component>>({ queryKey: componentKeys.lists() }, (page) =>
    page?.data.some((c) => c.id === answer.id)
      ? { ...page, data: page.data.map((c) => (c.id === answer.id ? answer : c)) }
      : page,
  );
  queryClient.setQueryData(componentKeys.detail(answer.id), answer);
  void invalidateResources(queryClient, [{ keys: componentKeys, id: answer.id }], { refetchType: 'none' });
}

export type RowAutosaveApi = RowState & Pick<RowAutosave, 'change' | 'revert' | 'flush'>;

/** A bulk edit row's cells and their autosave (see RowAutosave). */
export function useRowAutosave(
  component: Component,
  { announce, unsaved }: { announce?: (message: string) => void; unsaved?: UnsavedRows } = {},
): RowAutosaveApi {
  const queryClient = useQueryClient();
  const [row] = useState(
    () =>
      new RowAutosave(component, {
        save: (body, id) => saveComponent(body, id, { handles: ROW_SAVE_HANDLES }),
      }),
  );
  const state = useSyncExternalStore(row.subscribe, row.getSnapshot);

  useEffect(() => {
    row.configure({ announce, onSaved: (answer) => rememberSaved(queryClient, answer) });
  }, [row, announce, queryClient]);
  useEffect(() => row.receive(component), [row, component]);
  useEffect(() => row.dispose, [row]);
  useEffect(
    () => (state.dirty && unsaved ? unsaved.track(component.id, row) : undefined),
    [state.dirty, unsaved, component.id, row],
  );

  return { ...state, change: row.change, revert: row.revert, flush: row.flush };
}
