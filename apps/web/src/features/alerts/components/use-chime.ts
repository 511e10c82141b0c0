import { useEffect, useSyncExternalStore } from 'react';

import { audioBlocked, isChiming, onChimeChange, startChiming, stopChiming } from './chime';

let lastState = { chiming: false, blocked: true, count: 0 };
/** The chime's state as one stable object (a new one only when something changed), for useSyncExternalStore. */
function chimeState() {
  const next = { chiming: isChiming(), blocked: audioBlocked(), count: window.__bloomlineChimes ?? 0 };
  if (
    next.chiming !== lastState.chiming ||
    next.blocked !== lastState.blocked ||
    next.count !== lastState.count
  )
    lastState = next;
  return lastState;
}

/** Chimes while `on`, stops when it turns off or the component goes; the chime's state for the banner. */
export function useChime(on: boolean) {
  const chime = useSyncExternalStore(onChimeChange, chimeState);
  useEffect(() => {
    if (on) startChiming();
    else stopChiming();
  }, [on]);
  useEffect(() => () => stopChiming(), []);
  return chime;
}
