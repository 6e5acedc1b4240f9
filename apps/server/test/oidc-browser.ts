import * as client from 'openid-client';

/**
 * A minimal browser for the sign-in flow: follows redirects by hand and keeps cookies, so tests
 * drive the real provider over HTTP exactly as a user's browser would.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  private remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const absolute = new URL(url, this.origin).toString();
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(absolute, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects until one leaves our origin's server paths or lands on the web callback. */
  async follow(url: string, stopAt: (location: string) => boolean) {
    let next = url;
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.request(next);
      const location = response.headers.get('location');
      if (!location || response.status < 300 || response.status >= 400) return { response, url: next };
      const resolved = new URL(location, next).toString();
      if (stopAt(resolved)) return { response, url: resolved };
      next = resolved;
    }
    throw new Error('too many redirects');
  }
}

export interface SignInResult {
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  browser: TestBrowser;
}

export async function discover(origin: string): Promise<client.Configuration> {
  return client.discovery(new URL(`${origin}/realms/ssaem`), 'ssaem-web', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

/** Authorization code + PKCE S256 through the login page, then the code exchange. */
export async function signIn(
  config: client.Configuration,
  origin: string,
  username: string,
  password: string,
  browser = new TestBrowser(origin),
): Promise<SignInResult> {
  return signInThrough(
    config,
    origin,
    (loginUrl) => browser.request(`${loginUrl}/login`, { method: 'POST', form: { username, password } }),
    browser,
  );
}

/**
 * The same flow with the login page's step given by the caller: `submit` gets the interaction's
 * URL and answers the response that finishes it (a redirect back to the provider).
 */
export async function signInThrough(
  config: client.Configuration,
  origin: string,
  submit: (loginUrl: string) => Promise<Response>,
  browser = new TestBrowser(origin),
): Promise<SignInResult> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: `${origin}/auth/callback`,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const toLogin = await browser.follow(authorizationUrl.toString(), (location) =>
    location.includes('/interaction/'),
  );
  const loginUrl = toLogin.url;
  const page = await browser.request(loginUrl);
  if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
  const submitted = await submit(loginUrl);
  if (submitted.status !== 303 && submitted.status !== 302) {
    const retryAfter = submitted.headers.get('retry-after');
    throw new Error(
      `login answered ${submitted.status}${retryAfter ? ` retry-after=${retryAfter}` : ''} at ${loginUrl}: ${await submitted.text()}`,
    );
  }
  const back = await browser.follow(
    new URL(submitted.headers.get('location') ?? '', origin).toString(),
    (location) => location.startsWith(`${origin}/auth/callback`),
  );
  const tokens = await client.authorizationCodeGrant(config, new URL(back.url), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens, browser };
}
