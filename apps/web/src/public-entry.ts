// The script of the prerendered public pages (build/prerender.ts writes it in place of main.tsx).
// The page is already complete HTML and CSS: links to the other static pages navigate, the FAQ's
// <details> open, the download is a link. Only React controls (buttons, form fields, the language
// switch, the phone menu) and links into the app (sign-in, sign-up, the other public screens) need
// the app, so the app (React, router, Mantine, texts) loads when the visitor reaches for one of
// them, hydrates the page and then receives the click that asked for it: the link becomes the
// app's own navigation, as it was when the app ran these pages. A part still waiting for its data
// (`aria-busy`, like /home's notices) loads the app when it comes into view, to fetch and show it. A visitor the
// prerendered page was not written for (signed in, or English chosen in this tab) gets the app at
// once, which draws their page afresh as before, and so does an address the page was not written
// for (an invitation link to /signup). What a visitor types into a form field while the app loads
// is handed to the app once it has the page (its form state starts empty), as if typed again.
import { hasStoredSession } from './lib/auth/stored-session';
import { readStoredLanguage } from './lib/language';
import { prerenderedLanguage, showsPrerenderedLanding } from './lib/prerendered';
import { addressNeedsApp, STATIC_PUBLIC_PATHS } from './lib/static-pages';

/** What React handles on a public page; anchors and <summary> work without it. */
const APP_CONTROLS = 'button, input, select, textarea, label, [role="button"], [role="radio"]';
/** The first sign of a visitor reaching for a control: the app starts loading before the click. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const root = document.documentElement;
let app: Promise<void> | null = null;

/** Resolves once main.tsx has hydrated the page (AppTree sets `data-app-started="true"`). */
function appStarted(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => root.dataset.appStarted === 'true';
    if (done()) return resolve();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-app-started'] });
  });
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** The values typed into the page's fields before the app had it, by field. */
const typed = new Map<Field, string>();

function isTextField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(target.type);
}

function onInput(event: Event): void {
  if (isTextField(event.target)) typed.set(event.target, event.target.value);
}

/**
 * Gives the app what was typed before it hydrated: the value set as a visitor's typing sets it
 * (past React's own record of the value) and an input event, which the app's handlers receive.
 */
function handOverTypedValues(): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setValue?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  typed.clear();
}

function startApp(): Promise<void> {
  app ??= import('./main').then(appStarted).then(() => {
    document.removeEventListener('input', onInput, true);
    handOverTypedValues();
  });
  return app;
}

/** A link the browser can follow without the app: another static page, this page's anchors, a file, elsewhere. */
function plainLink(link: HTMLAnchorElement): boolean {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return true;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return true;
  if (url.pathname === window.location.pathname && url.hash) return true;
  return STATIC_PUBLIC_PATHS.includes(url.pathname) || url.pathname.startsWith('/downloads/');
}

function controlOf(event: Event): HTMLElement | null {
  if (!(event.target instanceof Element)) return null;
  const link = event.target.closest('a[href]');
  if (link instanceof HTMLAnchorElement) return plainLink(link) ? null : link;
  return event.target.closest<HTMLElement>(APP_CONTROLS);
}

function onIntent(event: Event): void {
  if (controlOf(event)) void startApp();
}

/** A click on a control before the app is there waits for it, then reaches the hydrated control. */
function onClick(event: MouseEvent): void {
  // A click meant for a new tab or window is the browser's.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const control = controlOf(event);
  if (!control) return;
  event.preventDefault();
  event.stopPropagation();
  void startApp().then(() => {
    stopListening();
    if (control.isConnected) control.click();
  });
}

/** Content the prerender could not know (it is fetched): the app loads once it is nearly in view. */
function loadWhenBusyPartShows(): void {
  const busy = document.querySelectorAll('#root [aria-busy="true"]');
  if (busy.length === 0 || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void startApp();
    },
    { rootMargin: '200px' },
  );
  for (const element of busy) observer.observe(element);
}

function listen(): void {
  document.addEventListener('input', onInput, true);
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
}

function stopListening(): void {
  for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
  document.removeEventListener('click', onClick, true);
}

const container = document.getElementById('root');
const written = container ? prerenderedLanguage(container) : null;
if (
  written === null ||
  written !== readStoredLanguage() ||
  hasStoredSession() ||
  addressNeedsApp(window.location)
) {
  void import('./main');
} else {
  // `/` is answered with the landing page, the place it sends a signed-out visitor (main.tsx does the same).
  if (showsPrerenderedLanding(window.location.pathname)) {
    window.history.replaceState(
      window.history.state,
      '',
      `/landing${window.location.search}${window.location.hash}`,
    );
  }
  listen();
  loadWhenBusyPartShows();
  // Once the app has the page, its own handlers answer (and the replayed click must reach them).
  void appStarted().then(stopListening);
  // The page answers clicks from now on (e2e/public-page.ts waits for this mark).
  root.dataset.appStarted ??= 'static';
}
