import { useEffect, type RefObject } from 'react';

/** The signed-in header's height, as a CSS variable on the document: the toasts sit below it (issue 36). */
export const HEADER_HEIGHT_VAR = '--bloomline-header-height';

/**
 * Keeps `HEADER_HEIGHT_VAR` at the header's height as it changes (the menu opens, the bar wraps, the offline
 * banner comes), written straight to the document so nothing re-renders; removed when the header goes.
 */
export function useHeaderHeightVariable(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const write = () => root.style.setProperty(HEADER_HEIGHT_VAR, `${String(element.offsetHeight)}px`);
    write();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(write);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [header]);
}
