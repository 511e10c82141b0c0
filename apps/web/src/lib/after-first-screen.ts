import { startTransition, useEffect, useState } from 'react';

/**
 * Work that the first screen does not need (the toasts' container, the service worker's registration, the
 * new-order alerts) starts once that screen is shown and the browser is idle: on a slow phone it would
 * otherwise share the network and the processor with the code and the answers the screen waits for.
 */

/**
 * Once the browser has shown what is on the page now: after the next frame has been drawn and the one after has
 * begun (the first frame's pixels reach the screen a little after its drawing on the main thread ends).
 */
export function afterNextPaint(task: () => void) {
  if (typeof window.requestAnimationFrame === 'function') {
    window.requestAnimationFrame(() => window.requestAnimationFrame(() => window.setTimeout(task, 0)));
  } else window.setTimeout(task, 0);
}

/** Idle time after the next paint, or at the latest after `timeout` ms (a short pause without idle callbacks). */
function whenIdle(task: () => void, timeout = 2000) {
  afterNextPaint(() => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => task(), { timeout });
    else window.setTimeout(task, 200);
  });
}

let shown = false;
const waiting: (() => void)[] = [];

/** Called once the session's first answer has rendered (`SessionProvider`): the first screen is up. */
export function firstScreenShown() {
  if (shown) return;
  shown = true;
  for (const task of waiting.splice(0)) whenIdle(task);
}

/** Runs `task` when the browser is idle after the first screen has been shown. */
export function afterFirstScreen(task: () => void) {
  if (shown) whenIdle(task);
  else waiting.push(task);
}

/**
 * Once the page's first contentful paint has reached the screen (the browser reports it a little after drawing
 * it, and later still on a busy phone), then after the next paint; without paint timing, after the next paint;
 * in any case within `cap` ms.
 */
export function afterContentShown(task: () => void, cap = 1000) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    afterNextPaint(task);
  };
  const paintTiming =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!paintTiming || performance.getEntriesByName('first-contentful-paint').length > 0) return run();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
  window.setTimeout(() => {
    observer.disconnect();
    run();
  }, cap);
}

/**
 * False on the first render, then true once `schedule` has run its callback (while still mounted). What that
 * brings renders in a transition: in slices between which the phone stays responsive, not in one long task.
 */
function useOnceAfter(schedule: (run: () => void) => void): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    schedule(() => {
      if (live) startTransition(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, [schedule]);
  return done;
}

/** Whether the page's content has been shown since the component mounted (false on its first render). */
export const usePainted = (): boolean => useOnceAfter(afterContentShown);

/** Whether the browser has been idle since the first screen was shown (false on that screen's render). */
export const useAfterFirstScreen = (): boolean => useOnceAfter(afterFirstScreen);

/**
 * Once no download has finished for `quiet` ms (the screen's code and answers are in), at the latest after `cap`
 * ms; without resource timing, after `quiet` ms.
 */
export function whenNetworkQuiet(task: () => void, quiet = 2000, cap = 10_000) {
  let done = false;
  let timer = 0;
  const run = () => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    observer?.disconnect();
    task();
  };
  const resourceTiming =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('resource');
  const observer = resourceTiming
    ? new PerformanceObserver(() => {
        window.clearTimeout(timer);
        timer = window.setTimeout(run, quiet);
      })
    : null;
  observer?.observe({ type: 'resource' });
  timer = window.setTimeout(run, quiet);
  window.setTimeout(run, cap);
}
