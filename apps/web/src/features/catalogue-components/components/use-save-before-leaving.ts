import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, type Blocker, type Location } from 'react-router';

import type { UnsavedRows } from './use-row-autosave';

type Flushable = { flush: () => Promise<boolean> };

const UNBLOCKED: Blocker = { state: 'unblocked', reset: undefined, proceed: undefined, location: undefined };

export type SaveBeforeLeaving = {
  /** Handed to the rows: each says while it holds a change the server has not got. */
  unsaved: UnsavedRows;
  /** Leaving waits while the rows save. */
  saving: boolean;
  /**
   * For ui/form's UnsavedChangesDialog: blocked only when a row could not be saved (a refused value, no
   * answer), so the user chooses between staying to fix it and leaving without it.
   */
  refused: Blocker;
};

/**
 * Leaving the bulk edit (another screen, another page, a new search) first saves what waits in any row,
 * without the 300 ms pause, then goes on by itself; only when a save fails is the user asked. Closing the tab
 * with a change unsaved asks the browser's question.
 */
export function useSaveBeforeLeaving(): SaveBeforeLeaving {
  const rows = useRef(new Map<number, Flushable>());
  const [dirtyCount, setDirtyCount] = useState(0);
  const [refusedAt, setRefusedAt] = useState<Location | null>(null);

  const unsaved = useMemo<UnsavedRows>(
    () => ({
      track: (id, row) => {
        rows.current.set(id, row);
        setDirtyCount(rows.current.size);
        return () => {
          if (rows.current.get(id) === row) rows.current.delete(id);
          setDirtyCount(rows.current.size);
        };
      },
    }),
    [],
  );

  const dirty = dirtyCount > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void Promise.all([...rows.current.values()].map((row) => row.flush())).then((saved) => {
      if (!current) return;
      if (saved.every(Boolean)) blocker.proceed();
      else setRefusedAt(blocker.location);
    });
    return () => {
      current = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  const refused = blocked && refusedAt === blocker.location;
  return { unsaved, saving: blocked && !refused, refused: refused ? blocker : UNBLOCKED };
}
