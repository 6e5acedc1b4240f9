/**
 * core.md §4: a session check every 5 seconds, so that a sign-out in one tab, or a session ended
 * on the server (signed out elsewhere, removed by an administrator), ends the session in every
 * open tab within 5 s. Two signals: a BroadcastChannel message from the tab that signs out (at
 * once), and a cheap status call every 5 s, answered 401 once the session is on the server's deny
 * list (the identity provider's session ends with it).
 */
export const SESSION_CHECK_INTERVAL_MS = 5000;
export const SESSION_CHANNEL = 'ssaem-session';

type SessionMessage = { type: 'signed-out' };

export interface SessionWatchOptions {
  /** True while this tab holds a session worth checking. */
  isSignedIn: () => boolean;
  /** Resolves to 'ended' when the server no longer accepts the session; anything else keeps it. */
  checkSession: () => Promise<'active' | 'ended' | 'unknown'>;
  /** Ends the session in this tab (clear stores and storage, leave signed-in screens). */
  onEnded: () => void;
  interval?: number;
  createChannel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'> & {
    onmessage: ((event: MessageEvent) => void) | null;
  };
}

function defaultChannel(name: string) {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

export function startSessionWatch(options: SessionWatchOptions) {
  const channel = (options.createChannel ?? defaultChannel)(SESSION_CHANNEL);
  let ended = false;
  let checking = false;

  const end = () => {
    if (ended || !options.isSignedIn()) return;
    ended = true;
    options.onEnded();
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = event.data as Partial<SessionMessage> | null;
      if (message?.type === 'signed-out') end();
    };
  }

  const timer = setInterval(() => {
    if (ended || checking || !options.isSignedIn()) return;
    checking = true;
    options
      .checkSession()
      .then((state) => {
        if (state === 'ended') end();
      })
      // A network failure says nothing about the session: keep it and ask again next time.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, options.interval ?? SESSION_CHECK_INTERVAL_MS);

  return {
    /** Tells the other tabs this one signed out. */
    announceSignOut() {
      channel?.postMessage({ type: 'signed-out' } satisfies SessionMessage);
    },
    stop() {
      clearInterval(timer);
      channel?.close();
    },
  };
}

export type SessionWatch = ReturnType<typeof startSessionWatch>;

let current: SessionWatch | null = null;

/** The app's one watch, started at start-up (install.ts). */
export function installSessionWatch(options: SessionWatchOptions): SessionWatch {
  current?.stop();
  current = startSessionWatch(options);
  return current;
}

/** Called by the tab that signs out, before it leaves for the provider's sign-out page. */
export function announceSignOut(): void {
  current?.announceSignOut();
}
