import type { Kysely } from 'kysely';
import Provider, { type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/schema.ts';
import {
  renderLogoutPage,
  renderProviderError,
  renderSignedOutPage,
} from '../../modules/auth/provider-pages.ts';
import { createUsersRepository, parseRoles } from '../../modules/users/users.repository.ts';
import { createOidcAdapter } from './oidc-adapter.ts';
import { loadProviderKeys } from './oidc-keys.ts';
import { denySessions } from './session-denylist.ts';

export const REALM_PATH = '/realms/ssaem';
const OIDC = '/protocol/openid-connect';
export const ACCESS_TOKEN_TTL_SECONDS = 300;
const SESSION_TTL_SECONDS = 10 * 60 * 60;

export const PROVIDER_SCOPES = 'openid profile email offline_access';
const API_SCOPE = 'openid profile email';
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** What an access token minted outside a browser sign-in carries beyond its user. */
interface MintedTokenExtras {
  /** The user's roles narrowed to those the asking party may sign in. */
  roles: string[];
  /** Who asked for the token (RFC 8693 §4.3's `client_id` is the web client's; `azp` names the partner). */
  authorizedParty: string;
}
const mintedExtras = new WeakMap<object, MintedTokenExtras>();

/** The API as the provider's resource server: RS256 JWT access tokens, five minutes, the Keycloak-style audience. */
function apiResourceServerInfo(audience: string) {
  return {
    scope: API_SCOPE,
    audience,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: 'RS256' as const } },
  };
}

/** The claims Keycloak puts in an access token, computed from our user row. */
export function keycloakClaims(
  user: { username: string; name: string; email: string | null; roles: string[] },
  clientId: string,
) {
  return {
    preferred_username: user.username,
    name: user.name,
    email: user.email ?? undefined,
    realm_access: { roles: user.roles },
    resource_access: { [clientId]: { roles: user.roles } },
  };
}

/**
 * The embedded OpenID provider, shaped like a Keycloak realm so that moving to Keycloak is a
 * configuration change: issuer <origin>/realms/ssaem, endpoints under /protocol/openid-connect,
 * RS256 JWT access tokens with realm_access / resource_access roles, public client with PKCE S256.
 */
export async function createEmbeddedProvider(config: Config, db: Kysely<Database>): Promise<Provider> {
  const users = createUsersRepository(db);
  const keys = await loadProviderKeys(db);
  const clientId = config.OIDC_CLIENT_ID;
  const audience = config.OIDC_AUDIENCE;
  // Resource indicators must be absolute URIs; the token's `aud` stays the Keycloak-style name.
  const resource = apiResourceIndicator(config);

  const provider = new Provider(config.ISSUER, {
    adapter: createOidcAdapter(db, {
      onSessionDestroyed: (payload: AdapterPayload) =>
        denySessions(db, payload.uid ? [payload.uid] : [], ACCESS_TOKEN_TTL_SECONDS),
    }),
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.PUBLIC_URL}/auth/callback`],
        post_logout_redirect_uris: [`${config.PUBLIC_URL}/`],
      },
    ],
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: PROVIDER_SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'nickname'],
      email: ['email', 'email_verified'],
    },
    async findAccount(_ctx, sub) {
      const user = await users.findBySubject(sub);
      if (!user?.enabled) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: user.name,
          preferred_username: user.username,
          nickname: user.nickName ?? undefined,
          email: user.email ?? undefined,
          email_verified: Boolean(user.email),
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await users.findBySubject(token.accountId);
      if (!user) return undefined;
      // Keycloak's `sid` names the login session; ours is the provider session's uid.
      const sid = (token as unknown as { sessionUid?: string }).sessionUid;
      const minted = mintedExtras.get(token);
      if (minted)
        return { ...keycloakClaims({ ...user, roles: minted.roles }, clientId), azp: minted.authorizedParty };
      return { ...keycloakClaims({ ...user, roles: parseRoles(user) }, clientId), sid };
    },
    // The home page's teacher/student door, carried to the sign-in page as a hint.
    extraParams: ['role_hint'],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Served by our own route: the built-in one refuses access tokens that name an audience.
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: renderLogoutPage,
        postLogoutSuccessSource: renderSignedOutPage,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => apiResourceServerInfo(audience),
      },
    },
    discovery: { userinfo_endpoint: `${config.ISSUER}${OIDC}/userinfo` },
    pkce: { required: () => true },
    routes: {
      authorization: `${OIDC}/auth`,
      token: `${OIDC}/token`,
      end_session: `${OIDC}/logout`,
      jwks: `${OIDC}/certs`,
      revocation: `${OIDC}/revoke`,
      userinfo: `${OIDC}/userinfo`,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Grant: SESSION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      RefreshToken: SESSION_TTL_SECONDS,
    },
    // Every sign-in gets a refresh token bound to the login session; it rotates on each use and
    // a replayed one revokes the whole grant (the provider's reuse detection).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: async () => true,
    // Our own web app is first-party: its sign-in needs no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (ctx.oidc.client?.clientId !== clientId || !ctx.oidc.session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope(PROVIDER_SCOPES);
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    renderError: renderProviderError,
  });
  // A replayed refresh token revokes its grant; the chain's access tokens are JWTs the provider
  // cannot recall, so their session goes on the denylist and the API refuses them at once.
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    const sid = ctx.oidc.entities.RefreshToken?.sessionUid;
    if (!sid) return;
    denySessions(db, [sid], ACCESS_TOKEN_TTL_SECONDS).catch((error: unknown) =>
      ctx.oidc.provider.emit('server_error', ctx, error),
    );
  });
  // Koa reads the protocol from X-Forwarded-Proto, which the realm mount pins to PUBLIC_URL's.
  provider.proxy = true;
  return provider;
}

export type AccessTokenMinter = (input: {
  /** The user's `subject` (the provider's account id). */
  subject: string;
  roles: string[];
  authorizedParty: string;
}) => Promise<{ accessToken: string; expiresIn: number; scope: string }>;

/**
 * Access tokens for a party that proved who the user is another way (a partner's token exchange,
 * docs/partner-login.md). They are the provider's own AccessToken model, so the same keys, claims
 * (extraTokenClaims), audience and lifetime as a browser sign-in, and the API verifies them the
 * same way. They belong to no login session: no `sid` and no refresh token; the account's
 * not-before (revoke all), disabling, and their five minutes end them.
 */
export function createAccessTokenMinter(provider: Provider, config: Config): AccessTokenMinter {
  const resourceServer = new provider.ResourceServer(
    apiResourceIndicator(config),
    apiResourceServerInfo(config.OIDC_AUDIENCE),
  );
  return async ({ subject, roles, authorizedParty }) => {
    const client = await provider.Client.find(config.OIDC_CLIENT_ID);
    if (!client) throw new Error('the web client is not registered with the provider');
    const token = new provider.AccessToken({
      accountId: subject,
      client,
      scope: API_SCOPE,
      gty: TOKEN_EXCHANGE_GRANT,
      resourceServer,
      // No grant stands behind an exchanged token (nothing to revoke by grant); the typings want one.
      grantId: undefined as unknown as string,
    });
    mintedExtras.set(token, { roles, authorizedParty });
    return { accessToken: await token.save(), expiresIn: ACCESS_TOKEN_TTL_SECONDS, scope: API_SCOPE };
  };
}

export function apiResourceIndicator(config: Pick<Config, 'PUBLIC_URL'>): string {
  return `${config.PUBLIC_URL}/api`;
}
