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
        getResourceServerInfo: () => ({
          scope: API_SCOPE,
          audience,
          accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
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

export function apiResourceIndicator(config: Pick<Config, 'PUBLIC_URL'>): string {
  return `${config.PUBLIC_URL}/api`;
}
