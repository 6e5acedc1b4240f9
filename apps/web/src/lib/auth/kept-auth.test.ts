import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from './auth-config';
import {
  CONFIG_FRESH_MS,
  KEPT_CONFIG_KEY,
  KEPT_METADATA_KEY,
  keepAuthConfig,
  keepProviderMetadata,
  METADATA_FRESH_MS,
  readKeptAuthConfig,
  readKeptProviderMetadata,
} from './kept-auth';

const CONFIG: AuthConfig = {
  authority: 'http://localhost/realms/ssaem',
  clientId: 'ssaem-web',
  audience: 'ssaem-api',
  embedded: true,
};
const MOVED: AuthConfig = { ...CONFIG, authority: 'https://id.example/realms/ssaem' };
const USER_KEY = `oidc.user:${CONFIG.authority}:${CONFIG.clientId}`;
const MOVED_USER_KEY = `oidc.user:${MOVED.authority}:${MOVED.clientId}`;
const METADATA = {
  issuer: CONFIG.authority,
  authorization_endpoint: `${CONFIG.authority}/protocol/openid-connect/auth`,
  token_endpoint: `${CONFIG.authority}/protocol/openid-connect/token`,
  end_session_endpoint: `${CONFIG.authority}/protocol/openid-connect/logout`,
};
const NOW_MS = 1_800_000_000_000;

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

/** A fetch that answers the configuration and the discovery document, counting each. */
function serve(config: AuthConfig, { slow = false } = {}) {
  let release: () => void = () => undefined;
  const gate = slow ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/v1/public/auth-config')) {
      await gate;
      return Response.json(config);
    }
    if (url.endsWith('/.well-known/openid-configuration')) return Response.json(METADATA);
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (suffix: string) => fetchMock.mock.calls.filter(([input]) => String(input).endsWith(suffix));
  return { fetchMock, release, calls };
}

describe('kept provider metadata', () => {
  it('is used while fresh, for the provider and client it was kept for', () => {
    keepProviderMetadata(CONFIG, METADATA, NOW_MS);

    expect(readKeptProviderMetadata(CONFIG, NOW_MS + 5_000)).toEqual(METADATA);
    expect(readKeptProviderMetadata(CONFIG, NOW_MS + METADATA_FRESH_MS - 1)).toEqual(METADATA);
  });

  it('is ignored when stale, from the future, for another provider or client, or unreadable', () => {
    keepProviderMetadata(CONFIG, METADATA, NOW_MS);

    expect(readKeptProviderMetadata(CONFIG, NOW_MS + METADATA_FRESH_MS)).toBeNull();
    expect(readKeptProviderMetadata(CONFIG, NOW_MS - 1)).toBeNull();
    expect(readKeptProviderMetadata(MOVED, NOW_MS)).toBeNull();
    expect(readKeptProviderMetadata({ ...CONFIG, clientId: 'other-app' }, NOW_MS)).toBeNull();

    keepProviderMetadata(CONFIG, { issuer: CONFIG.authority }, NOW_MS);
    expect(readKeptProviderMetadata(CONFIG, NOW_MS), 'no token endpoint').toBeNull();
    window.sessionStorage.setItem(KEPT_METADATA_KEY, '{not json');
    expect(readKeptProviderMetadata(CONFIG, NOW_MS)).toBeNull();
  });

  it('lives outside the keys the stale sign-in sweep removes', async () => {
    keepAuthConfig(CONFIG, NOW_MS - 2 * 3600_000);
    keepProviderMetadata(CONFIG, METADATA, NOW_MS - 2 * 3600_000);
    const { clearStaleSignInState } = await import('./auth-config');

    clearStaleSignInState(NOW_MS);

    expect(window.sessionStorage.getItem(KEPT_CONFIG_KEY)).not.toBeNull();
    expect(window.sessionStorage.getItem(KEPT_METADATA_KEY)).not.toBeNull();
  });
});

describe('getAuthConfig with a kept configuration', () => {
  it('fetches and keeps the configuration when the tab has none', async () => {
    const { calls } = serve(CONFIG);
    const { getAuthConfig } = await import('./auth-config');

    expect(await getAuthConfig()).toEqual(CONFIG);
    expect(await getAuthConfig()).toEqual(CONFIG);
    expect(calls('/auth-config')).toHaveLength(1);
    expect(readKeptAuthConfig()?.config).toEqual(CONFIG);
  });

  it('uses a fresh kept configuration without asking the server', async () => {
    keepAuthConfig(CONFIG, Date.now() - CONFIG_FRESH_MS / 2);
    const { fetchMock } = serve(MOVED);
    const { getAuthConfig, getCurrentAuthConfig } = await import('./auth-config');

    expect(await getAuthConfig()).toEqual(CONFIG);
    expect(await getCurrentAuthConfig()).toEqual(CONFIG);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses a stale kept configuration at once and refreshes it in the background', async () => {
    const keptAt = Date.now() - CONFIG_FRESH_MS - 1;
    keepAuthConfig(CONFIG, keptAt);
    window.sessionStorage.setItem(USER_KEY, JSON.stringify({ access_token: 'mine' }));
    const server = serve(CONFIG, { slow: true });
    const { getAuthConfig, getCurrentAuthConfig, readStoredUser } = await import('./auth-config');

    // The server has not answered yet: the token is read with the kept configuration.
    expect(await getAuthConfig()).toEqual(CONFIG);
    expect(await readStoredUser()).toEqual({ access_token: 'mine' });
    expect(server.calls('/auth-config')).toHaveLength(1);

    // The sign-in start waits for the server's answer.
    const current = getCurrentAuthConfig();
    server.release();
    expect(await current).toEqual(CONFIG);
    expect(readKeptAuthConfig()?.keptAt).toBeGreaterThan(keptAt);
    expect(await readStoredUser()).toEqual({ access_token: 'mine' });
    expect(server.calls('/auth-config')).toHaveLength(1);
  });

  it('switches to the server configuration when it names another provider, with the user key following', async () => {
    keepAuthConfig(CONFIG, Date.now() - CONFIG_FRESH_MS - 1);
    window.sessionStorage.setItem(USER_KEY, JSON.stringify({ access_token: 'old provider' }));
    const server = serve(MOVED, { slow: true });
    const { getAuthConfig, getCurrentAuthConfig, onAuthConfigChange, readStoredUser, userStoreKey } =
      await import('./auth-config');
    const changed = vi.fn();
    onAuthConfigChange(changed);

    expect(await readStoredUser()).toEqual({ access_token: 'old provider' });
    server.release();
    expect(await getCurrentAuthConfig()).toEqual(MOVED);

    expect(await getAuthConfig()).toEqual(MOVED);
    expect(userStoreKey(await getAuthConfig())).toBe(MOVED_USER_KEY);
    expect(changed).toHaveBeenCalledWith(MOVED);
    // The old provider's tokens are no use to the server any more; nothing reads their key.
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
    expect(await readStoredUser()).toBeNull();
    window.sessionStorage.setItem(MOVED_USER_KEY, JSON.stringify({ access_token: 'new provider' }));
    expect(await readStoredUser()).toEqual({ access_token: 'new provider' });
    expect(readKeptAuthConfig()?.config).toEqual(MOVED);
  });

  it('keeps using the kept configuration when the background request fails', async () => {
    keepAuthConfig(CONFIG, Date.now() - CONFIG_FRESH_MS - 1);
    const fetchMock = vi.fn(async () => new Response('', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const { getAuthConfig, getCurrentAuthConfig } = await import('./auth-config');

    expect(await getAuthConfig()).toEqual(CONFIG);
    expect(await getCurrentAuthConfig()).toEqual(CONFIG);
    expect(await getAuthConfig()).toEqual(CONFIG);
  });
});

describe('the OIDC client with kept metadata', () => {
  it('the sign-in start keeps the discovery document, and the next page uses it without fetching', async () => {
    const first = serve(CONFIG);
    const { getSignInManager } = await import('./oidc-manager');

    await getSignInManager();
    expect(first.calls('/.well-known/openid-configuration')).toHaveLength(1);
    expect(readKeptAuthConfig()?.config).toEqual(CONFIG);

    // The callback: a new page in the same tab.
    vi.resetModules();
    const second = serve(CONFIG);
    const { getUserManager } = await import('./oidc-manager');
    const manager = await getUserManager();

    expect(await manager.metadataService.getTokenEndpoint()).toBe(METADATA.token_endpoint);
    expect(await manager.metadataService.getIssuer()).toBe(METADATA.issuer);
    expect(second.fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the discovery document again when the kept one is stale or for another provider', async () => {
    keepAuthConfig(CONFIG, Date.now());
    keepProviderMetadata(CONFIG, METADATA, Date.now() - METADATA_FRESH_MS - 1);
    const stale = serve(CONFIG);
    const { getUserManager } = await import('./oidc-manager');

    expect(await (await getUserManager()).metadataService.getTokenEndpoint()).toBe(METADATA.token_endpoint);
    expect(stale.calls('/.well-known/openid-configuration')).toHaveLength(1);

    vi.resetModules();
    window.sessionStorage.clear();
    keepAuthConfig(MOVED, Date.now());
    keepProviderMetadata(CONFIG, METADATA, Date.now());
    const other = serve(MOVED);
    const { getUserManager: nextManager } = await import('./oidc-manager');

    await (await nextManager()).metadataService.getMetadata();
    expect(other.calls('/.well-known/openid-configuration')).toHaveLength(1);
    expect(String(other.calls('/.well-known/openid-configuration')[0]?.[0])).toContain(MOVED.authority);
  });
});
