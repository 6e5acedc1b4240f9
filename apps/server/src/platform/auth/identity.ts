import middie from '@fastify/middie';
import { LANGUAGES, type Language } from '@ssaem/contracts';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/schema.ts';
import { interactionRoutes } from '../../modules/auth/interaction.routes.ts';
import { createLoginRepository } from '../../modules/auth/login.repository.ts';
import { createLoginService, LOGIN_WINDOW_MS } from '../../modules/auth/login.service.ts';
import { purgeUsedAssertions } from '../../modules/partners/partner-products.repository.ts';
import { createUsersRepository } from '../../modules/users/users.repository.ts';
import { createVerificationRepository } from '../../modules/users/verification.repository.ts';
import { createVerificationService } from '../../modules/users/verification.service.ts';
import { filesFor, readWebManifest } from '../http/web-manifest.ts';
import type { Mailer } from '../mail/mailer.ts';
import { registerPeriodic } from '../timers/periodic.ts';
import {
  type AccessTokenMinter,
  apiResourceIndicator,
  createAccessTokenMinter,
  createEmbeddedProvider,
  REALM_PATH,
} from './embedded-provider.ts';
import { actorOf, registerAuthentication, signedIn } from './guards.ts';
import { purgeExpiredOidcRows } from './oidc-adapter.ts';
import { loadProviderKeys, publicJwk } from './oidc-keys.ts';
import { purgeDeniedSessions } from './session-denylist.ts';
import { createTokenVerifier, type TokenVerifier } from './token-verifier.ts';

const USERINFO_PATH = `${REALM_PATH}/protocol/openid-connect/userinfo`;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * What the web app runs on /auth/callback to finish a sign-in (apps/web/src/app/entry-routes.tsx):
 * the login page has the browser prefetch it while the teacher types, so the callback exchanges
 * the code at once instead of first fetching the exchange's code over a slow link.
 */
const SIGN_IN_COMPLETION_SOURCES = [
  'index.html',
  'src/features/auth/auth-callback-page.tsx',
  'src/features/auth/sign-in-exchange.ts',
];

/** The files the callback needs, per language (its common texts), from the web build; none unbuilt. */
function signInCompletionFiles(app: FastifyInstance, distDir: string): (language: Language) => string[] {
  const manifest = readWebManifest(distDir);
  if (!manifest) return () => [];
  const files = Object.fromEntries(
    LANGUAGES.map((language) => {
      const found = filesFor(manifest, [
        ...SIGN_IN_COMPLETION_SOURCES,
        `src/locales/${language}/common.json`,
      ]);
      if (found.missing.length > 0)
        app.log.warn({ missing: found.missing }, 'sign-in prefetch: modules not in the web build');
      return [language, found.files];
    }),
  ) as Record<Language, string[]>;
  return (language) => files[language];
}

const authConfigSchema = z.object({
  authority: z.string(),
  clientId: z.string(),
  audience: z.string(),
  embedded: z.boolean(),
});

/**
 * Sign-in for the whole app. With no OIDC_ISSUER the embedded provider is mounted at
 * /realms/ssaem with its login screen; otherwise tokens from the named issuer are accepted and
 * the web app is pointed there. Either way the API verifies the same kind of JWT.
 * `mintAccessToken` issues the embedded provider's access tokens outside a browser sign-in (the
 * partner token exchange); with an external issuer there is none: that issuer mints its own.
 */
export async function registerIdentity(
  app: FastifyInstance,
  config: Config,
  db: Kysely<Database>,
  /** Mails the sign-in codes of the login page's e-mail path. */
  mailer: Mailer,
): Promise<{ verifier: TokenVerifier; mintAccessToken: AccessTokenMinter | null }> {
  const verifierOptions = {
    db,
    issuer: config.ISSUER,
    audience: config.OIDC_AUDIENCE,
    clientId: config.OIDC_CLIENT_ID,
  };
  let verifier: TokenVerifier;
  let mintAccessToken: AccessTokenMinter | null = null;

  if (config.EMBEDDED_IDP) {
    const keys = await loadProviderKeys(db);
    verifier = createTokenVerifier({
      ...verifierOptions,
      keys: createLocalJWKSet({ keys: keys.signing.map(publicJwk) }),
    });
    const provider = await createEmbeddedProvider(config, db);
    mintAccessToken = createAccessTokenMinter(provider, config);
    await app.register(middie);
    const handle = provider.callback();
    const origin = new URL(config.PUBLIC_URL);
    // Every path under the realm belongs to the provider except userinfo, which we serve.
    app.use(REALM_PATH, (req, res, next) => {
      if (`${REALM_PATH}${req.url ?? ''}`.startsWith(USERINFO_PATH)) return next();
      // The provider builds its endpoints (discovery, redirects) from the request's host; they
      // come from PUBLIC_URL instead, whatever Host or X-Forwarded-Host a caller sends.
      req.headers.host = origin.host;
      req.headers['x-forwarded-host'] = origin.host;
      req.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
      return handle(req, res);
    });
    const login = createLoginService(
      createUsersRepository(db),
      createLoginRepository(db),
      createVerificationService(createVerificationRepository(db), mailer),
    );
    await app.register(
      interactionRoutes(
        provider,
        login,
        apiResourceIndicator(config),
        signInCompletionFiles(app, config.WEB_DIST_DIR),
      ),
    );
    registerPurge(app, db);
  } else {
    verifier = createTokenVerifier(verifierOptions);
  }

  registerAuthentication(app, verifier);
  if (config.EMBEDDED_IDP) registerUserinfo(app, db);

  app.get(
    '/api/v1/public/auth-config',
    {
      schema: { tags: ['auth'], summary: 'Where the web app signs in', response: { 200: authConfigSchema } },
    },
    async () => ({
      authority: config.ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      audience: config.OIDC_AUDIENCE,
      embedded: config.EMBEDDED_IDP,
    }),
  );
  return { verifier, mintAccessToken };
}

function registerUserinfo(app: FastifyInstance, db: Kysely<Database>): void {
  const users = createUsersRepository(db);
  const handler = async (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    const user = await users.findById(actor.userId);
    return {
      sub: actor.subject,
      name: actor.name,
      preferred_username: actor.username,
      nickname: user?.nickName ?? undefined,
      email: user?.email ?? undefined,
      email_verified: Boolean(user?.email),
      realm_access: { roles: actor.roles },
    };
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({ method, url: USERINFO_PATH, preHandler: signedIn, schema: { hide: true }, handler });
  }
}

/** Expired provider rows, old login failures, lapsed denylist entries and used partner assertions are removed on a timer. */
function registerPurge(app: FastifyInstance, db: Kysely<Database>): void {
  const loginRepository = createLoginRepository(db);
  registerPeriodic(app, 'identity purge', PURGE_INTERVAL_MS, async () => {
    await purgeExpiredOidcRows(db);
    await purgeDeniedSessions(db);
    await purgeUsedAssertions(db);
    await loginRepository.purgeFailures(Date.now() - LOGIN_WINDOW_MS);
  });
}
