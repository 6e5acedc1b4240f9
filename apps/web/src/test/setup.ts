import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n, initI18n, loadPageTexts } from '../lib/i18n';

// Mantine reads media queries and observes element sizes; happy-dom implements neither fully.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// findBy… and waitFor wait up to 5 s (not 1 s): lazy screens such as the TipTap editor take longer
// than a second to first render when the machine is busy. A wait, not a performance check.
configure({ asyncUtilTimeout: 5_000 });

await initI18n('ko');
// Tests switch to English with i18n.changeLanguage directly: its common texts are there already.
await loadPageTexts([], 'en');

beforeEach(async () => {
  window.sessionStorage.clear();
  await i18n.changeLanguage('ko');
});

afterEach(() => {
  cleanup();
});
