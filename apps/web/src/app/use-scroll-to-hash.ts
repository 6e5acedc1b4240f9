import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls to the element named by the hash; returns false when it is not on the page. */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they jumped to.
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Client-side navigation does not scroll by itself: a hash (#features, #faq, also on a direct load
 * of /landing#faq) scrolls smoothly to its section, a new page starts at the top, and going back
 * leaves the browser's own scroll restoration alone.
 */
export function useScrollToHash(): void {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) must scroll, even to the same hash.
  useEffect(() => {
    if (hash) {
      scrollToHash(hash);
      return;
    }
    if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash, key, navigationType]);
}
