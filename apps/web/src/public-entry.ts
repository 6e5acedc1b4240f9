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
// The signed-in catalogue (/edutech) is prerendered too, for a teacher: this script asks for the
// teacher's recommendations and catalogue with the stored token and draws them from the page's
// templates (features/edutech/first-paint.ts), then loads the app when the browser is idle or the
// teacher reaches for a control. The app draws the page afresh from those answers, so the controls
// and fields it receives are found again by their place in the page.
import { readRoleClaims } from './lib/auth/roles';
import { isUsableNow, readStoredAccess } from './lib/auth/stored-access';
import { hasStoredSession } from './lib/auth/stored-session';
import { handOver } from './lib/first-paint-handover';
import { readStoredLanguage } from './lib/language';
import {
  NOT_DRAWN_FOR_STYLE_ID,
  PRERENDERED_SIGNED_IN_ROLE,
  prerenderedLanguage,
  prerenderedSignedInPage,
  showsPrerenderedLanding,
} from './lib/prerendered';
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

const container = document.getElementById('root');

/**
 * Finds `element` again once the app has the page: itself when the app hydrated it, otherwise the
 * element of the same kind in the same place in the page the app drew afresh (a link: the same
 * address, counted among the links to it).
 */
function locate<E extends Element>(element: E, selector: string): () => E | null {
  const href = element instanceof HTMLAnchorElement ? element.getAttribute('href') : null;
  const candidates = (): E[] => {
    const all = [...(container?.querySelectorAll<E>(selector) ?? [])];
    return href === null ? all : all.filter((candidate) => candidate.getAttribute('href') === href);
  };
  const index = candidates().indexOf(element);
  return () => (element.isConnected ? element : (candidates()[index] ?? null));
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const FIELDS = 'input, textarea, select';
/** The values typed into the page's fields before the app had it, by field. */
const typed = new Map<Field, { value: string; find: () => Field | null }>();
/** The control that has the focus, to be found again in the app's page (keyboard and screen reader users). */
let focused: { element: Element; find: () => HTMLElement | null } | null = null;

function isTextField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(target.type);
}

function onInput(event: Event): void {
  if (!isTextField(event.target)) return;
  const find = typed.get(event.target)?.find ?? locate<Field>(event.target, FIELDS);
  typed.set(event.target, { value: event.target.value, find });
}

function onFocusIn(event: Event): void {
  const control = focusable(event.target);
  focused = control ? { element: control, find: locate(control, selectorOf(control)) } : null;
}

/**
 * A focus the visitor moved elsewhere is not given back; one lost with an element the app drew
 * afresh is (browsers differ on whether removing it fires focusout, so this looks a moment later).
 */
function onFocusOut(event: FocusEvent): void {
  const left = event.target;
  setTimeout(() => {
    const moved = left instanceof Node && left.isConnected && document.activeElement !== left;
    if (moved && focused?.element === left) focused = null;
  }, 0);
}

/**
 * Gives the app what was typed before it had the page: the value set as a visitor's typing sets it
 * (past React's own record of the value) and an input event, which the app's handlers receive.
 */
function handOverTypedValues(): void {
  for (const { value, find } of typed.values()) {
    const field = find();
    if (!field) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setValue?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  typed.clear();
  // Only when the app's drawing took it: the focus the visitor has elsewhere stays there.
  const lost = document.activeElement === null || document.activeElement === document.body;
  const control = lost ? focused?.find() : null;
  control?.focus({ preventScroll: true });
  focused = null;
}

/**
 * Keeps the page's inline CSS after the stylesheets the app adds while it loads, then drops it once
 * the app has the page. The app's first stylesheet (the library's rules) arrives before its route's
 * (the page's own rules over them); in between, the library's would undo the page's own (a menu's
 * padding), and the page would shift. Once the app has the page, its stylesheets hold every rule.
 */
function keepPageStylesOnTop(): void {
  const style = document.head.querySelector('style[data-critical]');
  if (!style) return;
  const observer = new MutationObserver(() => {
    if (
      document.head.querySelector(
        'style[data-critical] ~ link[rel="stylesheet"], style[data-critical] ~ style',
      )
    ) {
      document.head.append(style);
    }
  });
  observer.observe(document.head, { childList: true });
  void appStarted().then(() => {
    observer.disconnect();
    style.remove();
  });
}

function startApp(): Promise<void> {
  if (!app) keepPageStylesOnTop();
  app ??= import('./main').then(appStarted).then(() => {
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('focusout', onFocusOut, true);
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

/** The selector `control` is counted among to find it again (links among the links to its address). */
const selectorOf = (control: Element) => (control instanceof HTMLAnchorElement ? 'a[href]' : APP_CONTROLS);

/** The link or control `target` is, if it is one the app draws. */
function focusable(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null;
  return target.matches(`a[href], ${APP_CONTROLS}`) ? target : null;
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
  const find = locate(control, selectorOf(control));
  void startApp().then(() => {
    stopListening();
    const target = find();
    if (target) target.click();
    // A link the app's page does not have where it was: followed all the same.
    else if (control instanceof HTMLAnchorElement) window.location.assign(control.href);
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
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
}

function stopListening(): void {
  for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
  document.removeEventListener('click', onClick, true);
}

/** The stored token when this tab's user is the one the prerendered signed-in page was drawn for. */
function tokenForPrerenderedPage(): string | null {
  const access = readStoredAccess();
  if (!access || !isUsableNow(access)) return null;
  const roles = readRoleClaims(access.accessToken).realmRoles.filter((role) => role.startsWith('ROLE_'));
  return roles.length === 1 && roles[0] === PRERENDERED_SIGNED_IN_ROLE ? access.accessToken : null;
}

/** Loads the app once the browser has nothing else to do (or within two seconds). */
function startWhenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void startApp(), { timeout: 2000 });
  else setTimeout(() => void startApp(), 200);
}

/** The signed-in catalogue: drawn from the teacher's first answers, then the app at idle. */
function paintSignedInPage(token: string): void {
  listen();
  void appStarted().then(stopListening);
  root.dataset.appStarted ??= 'static';
  import('./features/edutech/first-paint')
    .then((firstPaint) => firstPaint.paintCatalogue(document, token, handOver))
    .then(startWhenIdle)
    // Anything unexpected (a refused token, a server error): the app draws the page and says so.
    .catch(() => void startApp());
}

/**
 * A signed-in page for someone it was not drawn for: emptied at once (its menu and buttons are a
 * teacher's, and would not answer), and the app draws their own page. The page's inline gate
 * (lib/prerendered-gate.ts) has already hidden it before its first paint; the app's page is shown.
 */
function giveSignedInPageToApp(): void {
  container?.replaceChildren();
  document.getElementById(NOT_DRAWN_FOR_STYLE_ID)?.remove();
  void startApp();
}

const written = container ? prerenderedLanguage(container) : null;
const signedInPage = container ? prerenderedSignedInPage(container) : null;
const token = signedInPage ? tokenForPrerenderedPage() : null;
if (signedInPage) {
  // The gate's word is final: a page it hid is never painted (it would stay hidden).
  const hiddenByGate = document.getElementById(NOT_DRAWN_FOR_STYLE_ID) !== null;
  if (!hiddenByGate && token && written === readStoredLanguage() && !window.location.search)
    paintSignedInPage(token);
  else giveSignedInPageToApp();
} else if (
  written === null ||
  written !== readStoredLanguage() ||
  hasStoredSession() ||
  addressNeedsApp(window.location)
) {
  void startApp();
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
