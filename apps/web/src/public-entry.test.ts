import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_DRAWN_FOR_STYLE_ID } from './lib/prerendered';
import { visitorGateScript } from './lib/prerendered-gate';

// The app itself: importing it "hydrates" the page as main.tsx does, marking <html data-app-started>.
const appLoaded = vi.fn();
function mockApp() {
  vi.doMock('./main', () => {
    appLoaded();
    document.documentElement.dataset.appStarted = 'true';
    return {};
  });
}

const PAGE = `
  <a href="/pricing" id="static-link">요금제</a>
  <a href="/dashboard" id="app-link">로그인</a>
  <a href="#faq" id="anchor">자주 묻는 질문</a>
  <a href="/downloads/intro.pdf" download id="download">소개 자료</a>
  <details><summary id="summary">질문</summary><p>답</p></details>
  <button type="button" id="english">English</button>`;

/** Puts a prerendered page in place and runs the public pages' script on it. */
async function openPage(path = '/landing') {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root" data-prerendered="ko">${PAGE}</div>`;
  mockApp();
  await import('./public-entry');
  // Its dynamic import of the app settles over a few ticks.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const click = (element: HTMLElement) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  element.dispatchEvent(event);
  return event;
};

beforeEach(() => {
  vi.resetModules();
  appLoaded.mockClear();
  window.sessionStorage.clear();
  delete document.documentElement.dataset.appStarted;
});
afterEach(async () => {
  // Each test runs the script afresh: the last one's listeners stop once "the app" has the page.
  document.documentElement.dataset.appStarted = 'true';
  await new Promise((resolve) => setTimeout(resolve, 0));
  document.body.innerHTML = '';
});

describe('the public pages’ script', () => {
  it('leaves the prerendered page to the browser for a signed-out Korean visitor', async () => {
    await openPage();
    expect(appLoaded).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.appStarted).toBe('static');
    // Links to other static pages, in-page anchors, downloads and <summary> need no app.
    for (const id of ['static-link', 'anchor', 'download', 'summary']) {
      expect(click(byId(id)).defaultPrevented).toBe(false);
    }
    expect(appLoaded).not.toHaveBeenCalled();
  });

  it('loads the app when a visitor reaches for a control, then hands the click to it', async () => {
    await openPage();
    const button = byId('english');
    const received = vi.fn();
    button.addEventListener('click', received);
    // Held back (the control has no handler yet) while the app loads ...
    expect(click(button).defaultPrevented).toBe(true);
    expect(received).not.toHaveBeenCalled();
    // ... then given to the hydrated control.
    await vi.waitFor(() => expect(received).toHaveBeenCalledTimes(1));
    expect(appLoaded).toHaveBeenCalledTimes(1);
    // From now on the app's own handlers answer: nothing is held back.
    expect(click(button).defaultPrevented).toBe(false);
  });

  it('starts the app on the first sign of intent, before the click', async () => {
    await openPage();
    byId('app-link').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(appLoaded).toHaveBeenCalledTimes(1));
  });

  it('holds a link into the app for the app’s own navigation', async () => {
    await openPage();
    expect(click(byId('app-link')).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(appLoaded).toHaveBeenCalledTimes(1));
  });

  it('loads the app when a part still waiting for its data comes into view', async () => {
    const watched: Element[] = [];
    let report: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(element: Element) {
          watched.push(element);
        }
        disconnect() {}
      },
    );
    window.history.replaceState(null, '', '/home');
    document.body.innerHTML = `<div id="root" data-prerendered="ko">${PAGE}<div aria-busy="true"></div></div>`;
    mockApp();
    await import('./public-entry');
    expect(watched).toHaveLength(1);
    report([{ isIntersecting: false }]);
    expect(appLoaded).not.toHaveBeenCalled();
    report([{ isIntersecting: true }]);
    await vi.waitFor(() => expect(appLoaded).toHaveBeenCalledTimes(1));
  });

  it('moves `/` to /landing, the page it answers with', async () => {
    await openPage('/');
    expect(window.location.pathname).toBe('/landing');
  });

  it('gives a signed-in visitor or one who chose English the app at once', async () => {
    window.sessionStorage.setItem('oidc.user:http://localhost:ssaem-web', '{}');
    await openPage();
    expect(appLoaded).toHaveBeenCalledTimes(1);

    vi.resetModules();
    appLoaded.mockClear();
    window.sessionStorage.clear();
    window.sessionStorage.setItem('ssaem.language', 'en');
    await openPage();
    expect(appLoaded).toHaveBeenCalledTimes(1);
  });

  it('hands what was typed before the app came to the app’s form', async () => {
    window.history.replaceState(null, '', '/signup');
    document.body.innerHTML = `<div id="root" data-prerendered="ko"><input id="school" /></div>`;
    const received: string[] = [];
    // Like the signup form's hydration: its form state starts empty and empties the field.
    vi.doMock('./main', () => {
      const field = byId('school') as HTMLInputElement;
      field.value = '';
      field.addEventListener('input', () => received.push(field.value));
      document.documentElement.dataset.appStarted = 'true';
      return {};
    });
    await import('./public-entry');
    const field = byId('school') as HTMLInputElement;
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    field.value = '가락';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(received).toEqual(['가락']));
    expect(field.value).toBe('가락');
  });

  it('gives an invitation link to /signup the app at once (it fills in the school and e-mail)', async () => {
    await openPage('/signup?token=invite');
    expect(appLoaded).toHaveBeenCalledTimes(1);
  });
});

describe('the signed-in catalogue’s script', () => {
  const USER_KEY = 'oidc.user:http://localhost/realms/ssaem:ssaem-web';
  const segment = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const tokenFor = (roles: string[]) =>
    `${segment({ alg: 'RS256' })}.${segment({ realm_access: { roles: ['offline_access', ...roles] } })}.sig`;
  const painted = vi.fn();
  type HandOver = (answers: Array<{ key: readonly unknown[]; data: unknown }>) => void;
  let paint: (document: Document, token: string, handOver: HandOver) => Promise<void>;

  function storeUser(roles: string[], secondsLeft = 300) {
    window.sessionStorage.setItem(
      USER_KEY,
      JSON.stringify({
        access_token: tokenFor(roles),
        expires_at: Math.floor(Date.now() / 1000) + secondsLeft,
      }),
    );
  }

  /** The prerendered catalogue: a link, a category chip and the search field, as the app draws them. */
  const CATALOGUE = `<a href="/edutech/7" id="card">똑똑! 수학탐험대</a>
    <label id="chip">수학</label><input id="search" />`;

  /** Whether the page's inline gate hid it before the light script ran. */
  let hiddenByGate = false;

  async function openCatalogue(path = '/edutech') {
    window.history.replaceState(null, '', path);
    document.getElementById(NOT_DRAWN_FOR_STYLE_ID)?.remove();
    // The page's <head> runs its gate first, as the build writes it (before the first paint).
    new Function(visitorGateScript('ko'))();
    hiddenByGate = document.getElementById(NOT_DRAWN_FOR_STYLE_ID) !== null;
    document.body.innerHTML = `<div id="root" data-prerendered="ko" data-signed-in-page="edutech">${CATALOGUE}</div>`;
    vi.doMock('./features/edutech/first-paint', () => ({
      paintCatalogue: (document: Document, token: string, handOver: HandOver) => {
        painted(token);
        return paint(document, token, handOver);
      },
    }));
    await import('./public-entry');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  /** The app draws the page afresh (createRoot): the same controls, new elements. */
  function mockAppDrawingAfresh(onLink: () => void) {
    vi.doMock('./main', () => {
      appLoaded();
      const root = document.getElementById('root') as HTMLElement;
      root.innerHTML = CATALOGUE;
      byId('card').addEventListener('click', (event) => {
        event.preventDefault();
        onLink();
      });
      document.documentElement.dataset.appStarted = 'true';
      return {};
    });
  }

  /** Focuses `element` as a visitor does: the focus, and the focusin the script listens for. */
  function focusOn(element: HTMLElement) {
    element.focus();
    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  }

  beforeEach(() => {
    painted.mockClear();
    paint = async (_document, _token, handOver) => {
      handOver([{ key: ['edutech', 'strip'], data: { aiRecommended: [] } }]);
    };
  });

  it('paints a teacher’s catalogue with the stored token, hands the answers over, then loads the app', async () => {
    storeUser(['ROLE_TEACHER']);
    mockApp();
    await openCatalogue();
    expect(hiddenByGate).toBe(false);
    expect(painted).toHaveBeenCalledWith(tokenFor(['ROLE_TEACHER']));
    expect(document.documentElement.dataset.appStarted).not.toBe('true');
    const { receiveHandedOver } = await import('./lib/first-paint-handover');
    // The app comes when the browser is idle; the answers wait for its query cache.
    await vi.waitFor(() => expect(appLoaded).toHaveBeenCalledTimes(1));
    const received: unknown[] = [];
    receiveHandedOver((answers) => received.push(...answers));
    expect(received).toEqual([{ key: ['edutech', 'strip'], data: { aiRecommended: [] } }]);
  });

  it('gives the app the page at once for anyone the page was not drawn for', async () => {
    const cases: Array<[string, () => void, string?]> = [
      ['signed out', () => undefined],
      ['an administrator', () => storeUser(['ROLE_TEACHER', 'ROLE_ADMIN'])],
      ['a provider', () => storeUser(['ROLE_PROVIDER'])],
      ['a token about to expire', () => storeUser(['ROLE_TEACHER'], 2)],
      [
        'English chosen',
        () => {
          storeUser(['ROLE_TEACHER']);
          window.sessionStorage.setItem('ssaem.language', 'en');
        },
      ],
      ['a search in the address', () => storeUser(['ROLE_TEACHER']), '/edutech?keyword=수학'],
      [
        'two stored users',
        () => {
          storeUser(['ROLE_TEACHER']);
          window.sessionStorage.setItem(`${USER_KEY}:other`, '{}');
        },
      ],
      [
        'a token that is not a token',
        () =>
          window.sessionStorage.setItem(
            USER_KEY,
            JSON.stringify({ access_token: 'x.%%%.y', expires_at: Date.now() / 1000 + 300 }),
          ),
      ],
    ];
    for (const [who, arrange, path] of cases) {
      vi.resetModules();
      appLoaded.mockClear();
      window.sessionStorage.clear();
      arrange();
      mockApp();
      await openCatalogue(path);
      // The teacher's menu and buttons are never painted for them (the gate hid the page before
      // the first paint) nor shown while the app comes; the app's page is not hidden.
      expect({
        who,
        hiddenByGate,
        app: appLoaded.mock.calls.length,
        painted: painted.mock.calls.length,
        shown: byId('root').childElementCount,
        stillHidden: document.getElementById(NOT_DRAWN_FOR_STYLE_ID) !== null,
      }).toEqual({ who, hiddenByGate: true, app: 1, painted: 0, shown: 0, stillHidden: false });
    }
  });

  it('loads the app when the teacher’s answers cannot be had', async () => {
    storeUser(['ROLE_TEACHER']);
    paint = async () => {
      throw new Error('/api/v1/edutech/goods answered 401');
    };
    mockApp();
    await openCatalogue();
    await vi.waitFor(() => expect(appLoaded).toHaveBeenCalledTimes(1));
  });

  it('follows a link clicked before the app came in the page the app drew afresh', async () => {
    storeUser(['ROLE_TEACHER']);
    let release: () => void = () => undefined;
    paint = () =>
      new Promise((resolve) => {
        release = () => resolve();
      });
    const followed = vi.fn();
    mockAppDrawingAfresh(followed);
    await openCatalogue();
    const old = byId('card');
    expect(click(old).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(followed).toHaveBeenCalledTimes(1));
    expect(old.isConnected).toBe(false);
    release();
  });

  it('gives the field typed in before the app came its text and the focus back', async () => {
    storeUser(['ROLE_TEACHER']);
    paint = () => new Promise<void>(() => undefined);
    const received: string[] = [];
    vi.doMock('./main', () => {
      const root = document.getElementById('root') as HTMLElement;
      root.innerHTML = CATALOGUE;
      byId('search').addEventListener('input', (event) =>
        received.push((event.target as HTMLInputElement).value),
      );
      document.documentElement.dataset.appStarted = 'true';
      return {};
    });
    await openCatalogue();
    const field = byId('search') as HTMLInputElement;
    focusOn(field);
    field.value = '수학';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(received).toEqual(['수학']));
    expect(byId('search')).not.toBe(field);
    expect(document.activeElement).toBe(byId('search'));
  });

  it('follows a link the app’s page does not have where it was, all the same', async () => {
    storeUser(['ROLE_TEACHER']);
    paint = () => new Promise<void>(() => undefined);
    vi.doMock('./main', () => {
      (document.getElementById('root') as HTMLElement).innerHTML = '<p>다른 화면</p>';
      document.documentElement.dataset.appStarted = 'true';
      return {};
    });
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      href: window.location.href,
      origin: window.location.origin,
      pathname: '/edutech',
      search: '',
    });
    await openCatalogue();
    expect(click(byId('card')).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/edutech\/7$/)));
  });

  it('gives the focus back to the link a keyboard user was on when the app drew the page afresh', async () => {
    storeUser(['ROLE_TEACHER']);
    paint = () => new Promise<void>(() => undefined);
    mockAppDrawingAfresh(() => undefined);
    await openCatalogue();
    const link = byId('card');
    focusOn(link);
    await vi.waitFor(() => expect(document.documentElement.dataset.appStarted).toBe('true'));
    await vi.waitFor(() => expect(document.activeElement).toBe(byId('card')));
    expect(byId('card')).not.toBe(link);
  });

  it('leaves the focus where the visitor moved it before the app came', async () => {
    storeUser(['ROLE_TEACHER']);
    paint = () => new Promise<void>(() => undefined);
    let drawn: () => void = () => undefined;
    const drawnAfresh = new Promise<void>((resolve) => {
      drawn = resolve;
    });
    vi.doMock('./main', async () => {
      await drawnAfresh;
      (document.getElementById('root') as HTMLElement).innerHTML = CATALOGUE;
      document.documentElement.dataset.appStarted = 'true';
      return {};
    });
    await openCatalogue();
    const field = byId('search') as HTMLInputElement;
    focusOn(field);
    // The visitor taps elsewhere: the field loses the focus while still on the page.
    field.blur();
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    drawn();
    await vi.waitFor(() => expect(document.documentElement.dataset.appStarted).toBe('true'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).not.toBe(byId('search'));
  });
});
