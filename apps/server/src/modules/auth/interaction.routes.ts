import formbody from '@fastify/formbody';
import { type Language, pickLanguage } from '@ssaem/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { PROVIDER_SCOPES } from '../../platform/auth/embedded-provider.ts';
import type { LoginService } from './login.service.ts';
import {
  LOGIN_TEXT,
  type LoginPageInput,
  renderCodePage,
  renderExpiredPage,
  renderLoginPage,
  renderResetCodePage,
  renderResetRequestPage,
} from './login-page.ts';
import { LOGOUT_SCRIPT } from './provider-pages.ts';

const uidParams = z.object({ uid: z.string().min(1).max(100) });
const loginBody = z.object({
  username: z.string().max(100).default(''),
  password: z.string().max(200).default(''),
  lang: z.enum(['ko', 'en']).optional(),
  who: z.enum(['teacher', 'student']).optional(),
});
const codeBody = z.object({
  username: z.string().max(100).default(''),
  code: z.string().max(20).default(''),
  lang: z.enum(['ko', 'en']).optional(),
});

const resetBody = z.object({
  username: z.string().max(100).default(''),
  email: z.string().max(200).default(''),
  lang: z.enum(['ko', 'en']).optional(),
});
const resetConfirmBody = resetBody.extend({
  code: z.string().max(20).default(''),
  password: z.string().max(200).default(''),
  passwordConfirm: z.string().max(200).default(''),
});

function languageFor(request: FastifyRequest, explicit?: string): Language {
  if (explicit === 'ko' || explicit === 'en') return explicit;
  return pickLanguage(request.headers['accept-language']);
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The embedded provider's login screen at /interaction/{uid}: GET shows the form, POST checks
 * the password and hands the result back to the provider, which redirects to the web app.
 */
export function interactionRoutes(
  provider: Provider,
  login: LoginService,
  resource: string,
  /** The web app's files that finish a sign-in, for the login page to prefetch (none without a build). */
  signInCompletionFiles: (language: Language) => readonly string[] = () => [],
) {
  const loginPage = (page: LoginPageInput) =>
    renderLoginPage({ ...page, prefetch: signInCompletionFiles(page.language) });
  return async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 4096 });

    app.get('/interaction/assets/logout.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOGOUT_SCRIPT),
    );

    app.get('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
      const { uid } = uidParams.parse(request.params);
      const query = request.query as { lang?: string };
      let details: Awaited<ReturnType<Provider['interactionDetails']>>;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return sendHtml(reply, 400, renderExpiredPage(languageFor(request, query.lang)));
      }
      const uiLocale =
        typeof details.params.ui_locales === 'string' ? details.params.ui_locales.split(' ')[0] : undefined;
      const language = languageFor(request, query.lang ?? uiLocale);
      if (details.prompt.name === 'consent')
        return finishConsent(provider, request, reply, details, resource);
      // The door chosen on the home page, passed as a hint: it only preselects whose help text shows.
      const who = details.params.role_hint === 'student' ? 'student' : 'teacher';
      return sendHtml(reply, 200, loginPage({ language, uid, who }));
    });

    app.post('/interaction/:uid/login', { schema: { hide: true } }, async (request, reply) => {
      const { uid } = uidParams.parse(request.params);
      const body = loginBody.safeParse(request.body ?? {});
      const input = body.success
        ? body.data
        : { username: '', password: '', lang: undefined, who: undefined };
      const language = languageFor(request, input.lang);
      try {
        await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return sendHtml(reply, 400, renderExpiredPage(language));
      }
      const result = await login.signIn({
        username: input.username,
        password: input.password,
        ip: request.ip,
      });
      if (result.outcome === 'throttled') {
        const minutes = String(Math.ceil(result.retryAfterSeconds / 60));
        reply.header('retry-after', String(result.retryAfterSeconds));
        const error = LOGIN_TEXT[language].throttled.replace('{minutes}', minutes);
        return sendHtml(
          reply,
          429,
          loginPage({
            language,
            uid,
            username: input.username,
            error,
            offerCode: true,
            who: input.who,
          }),
        );
      }
      if (result.outcome === 'invalid') {
        const error = LOGIN_TEXT[language].invalid;
        return sendHtml(
          reply,
          401,
          loginPage({ language, uid, username: input.username, error, who: input.who }),
        );
      }
      request.log.info({ event: 'login' }, 'signed in');
      return finishLogin(provider, request, reply, result.subject);
    });

    // The way in that no stranger's wrong passwords can close: a code mailed to the owner.
    app.post(
      '/interaction/:uid/email-code',
      { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { uid } = uidParams.parse(request.params);
        const body = codeBody.safeParse(request.body ?? {});
        const input = body.success ? body.data : { username: '', code: '', lang: undefined };
        const language = languageFor(request, input.lang);
        try {
          await provider.interactionDetails(request.raw, reply.raw);
        } catch {
          return sendHtml(reply, 400, renderExpiredPage(language));
        }
        await login.sendSignInCode(input.username);
        return sendHtml(reply, 200, renderCodePage({ language, uid, username: input.username }));
      },
    );

    app.post(
      '/interaction/:uid/code',
      { schema: { hide: true }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { uid } = uidParams.parse(request.params);
        const body = codeBody.safeParse(request.body ?? {});
        const input = body.success ? body.data : { username: '', code: '', lang: undefined };
        const language = languageFor(request, input.lang);
        try {
          await provider.interactionDetails(request.raw, reply.raw);
        } catch {
          return sendHtml(reply, 400, renderExpiredPage(language));
        }
        const result = await login.signInWithCode({ username: input.username, code: input.code.trim() });
        if (result.outcome !== 'success') {
          const error = LOGIN_TEXT[language].codeInvalid;
          return sendHtml(reply, 401, renderCodePage({ language, uid, username: input.username, error }));
        }
        request.log.info({ event: 'login', by: 'e-mail code' }, 'signed in');
        return finishLogin(provider, request, reply, result.subject);
      },
    );

    // 비밀번호 찾기: a code mailed to the account's address lets its owner set a new password.
    app.get('/interaction/:uid/reset', { schema: { hide: true } }, async (request, reply) => {
      const { uid } = uidParams.parse(request.params);
      const language = languageFor(request, (request.query as { lang?: string }).lang);
      if (!(await isOpenInteraction(provider, request, reply)))
        return sendHtml(reply, 400, renderExpiredPage(language));
      return sendHtml(reply, 200, renderResetRequestPage({ language, uid }));
    });

    app.post(
      '/interaction/:uid/reset',
      // As many as the e-mailed sign-in code: a whole school often shares one address, and a code
      // is mailed only when the username and the address belong to one account.
      { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { uid } = uidParams.parse(request.params);
        const body = resetBody.safeParse(request.body ?? {});
        const input = body.success ? body.data : { username: '', email: '', lang: undefined };
        const language = languageFor(request, input.lang);
        if (!(await isOpenInteraction(provider, request, reply)))
          return sendHtml(reply, 400, renderExpiredPage(language));
        await login.sendPasswordResetCode(input.username, input.email);
        return sendHtml(
          reply,
          200,
          renderResetCodePage({ language, uid, username: input.username, email: input.email }),
        );
      },
    );

    app.post(
      '/interaction/:uid/reset/confirm',
      { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { uid } = uidParams.parse(request.params);
        const body = resetConfirmBody.safeParse(request.body ?? {});
        const input = body.success
          ? body.data
          : { username: '', email: '', code: '', password: '', passwordConfirm: '', lang: undefined };
        const language = languageFor(request, input.lang);
        if (!(await isOpenInteraction(provider, request, reply)))
          return sendHtml(reply, 400, renderExpiredPage(language));
        const result = await login.resetPassword({ ...input, code: input.code.trim() });
        const t = LOGIN_TEXT[language];
        if (result.outcome !== 'success') {
          const [status, error] =
            result.outcome === 'weak'
              ? [400, t.weakPassword]
              : result.outcome === 'mismatch'
                ? [400, t.mismatch]
                : [401, t.codeInvalid];
          const page = { language, uid, username: input.username, email: input.email, error };
          return sendHtml(reply, status, renderResetCodePage(page));
        }
        request.log.info({ event: 'password-reset' }, 'password set by e-mail code');
        const page = { language, uid, username: input.username.trim(), notice: t.resetDone };
        return sendHtml(reply, 200, loginPage(page));
      },
    );
  };
}

/** Whether the sign-in request the page belongs to is still open (it expires after a while). */
async function isOpenInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  try {
    await provider.interactionDetails(request.raw, reply.raw);
    return true;
  } catch {
    return false;
  }
}

async function finishLogin(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  subject: string,
) {
  reply.hijack();
  await provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId: subject } },
    { mergeWithLastSubmission: false },
  );
}

/** First-party sign-in needs no consent screen: grant what the web app asks for and continue. */
async function finishConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
  resource: string,
) {
  const accountId = details.session?.accountId;
  const clientId = String(details.params.client_id ?? '');
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: accountId ?? '', clientId });
  if (!grant)
    return sendHtml(reply, 400, renderExpiredPage(pickLanguage(request.headers['accept-language'])));
  grant.addOIDCScope(PROVIDER_SCOPES);
  grant.addResourceScope(resource, 'openid profile email');
  const grantId = await grant.save();
  reply.hijack();
  await provider.interactionFinished(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
