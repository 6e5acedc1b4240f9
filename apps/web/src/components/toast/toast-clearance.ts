import { type RefObject, useEffect } from 'react';

/** The custom property the toast region keeps above (toast.module.css). */
export const TOAST_CLEARANCE = '--toast-clearance';
/** Space between the kept element's top and the lowest toast. */
const GAP_PX = 12;

/**
 * Keeps toasts above `ref`'s element while it is on the page (a composer at the bottom of the
 * screen), so a message never covers the box being typed in: the region's bottom is raised to the
 * element's top, and follows it as it grows, shrinks or the window changes.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const clearance = window.innerHeight - element.getBoundingClientRect().top + GAP_PX;
      root.style.setProperty(TOAST_CLEARANCE, `${Math.max(0, Math.round(clearance))}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(TOAST_CLEARANCE);
    };
  }, [ref]);
}
