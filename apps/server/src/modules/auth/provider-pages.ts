import { pickLanguage } from '@ssaem/contracts';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, renderPage } from './page-layout.ts';

const TEXT = {
  ko: {
    logoutTitle: '로그아웃',
    logoutBody: '쌤에서 로그아웃합니다.',
    logoutButton: '로그아웃',
    stayButton: '로그인 유지',
    signedOutTitle: '로그아웃되었습니다',
    signedOutBody: '안전하게 로그아웃되었습니다.',
    home: '처음으로',
    errorTitle: '로그인을 계속할 수 없습니다',
    errorBody: '요청이 올바르지 않거나 만료되었습니다. 처음부터 다시 시도해 주세요.',
  },
  en: {
    logoutTitle: 'Sign out',
    logoutBody: 'You are signing out of Ssaem.',
    logoutButton: 'Sign out',
    stayButton: 'Stay signed in',
    signedOutTitle: 'Signed out',
    signedOutBody: 'You have been signed out safely.',
    home: 'Back to start',
    errorTitle: 'Sign-in cannot continue',
    errorBody: 'The request was invalid or has expired. Please start again.',
  },
};

function languageOf(ctx: KoaContextWithOIDC) {
  return pickLanguage(ctx.get('accept-language'));
}

/** RP-initiated logout: the form submits itself (external script, CSP-safe); the button is the fallback. */
export async function renderLogoutPage(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const language = languageOf(ctx);
  const t = TEXT[language];
  ctx.type = 'html';
  ctx.body = renderPage({
    language,
    title: t.logoutTitle,
    script: '/interaction/assets/logout.js',
    body: `<p class="brand">쌤</p><h1>${t.logoutTitle}</h1><p class="lead">${t.logoutBody}</p>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout" autofocus>${t.logoutButton}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t.stayButton}</button>`,
  });
}

export async function renderSignedOutPage(ctx: KoaContextWithOIDC): Promise<void> {
  const language = languageOf(ctx);
  const t = TEXT[language];
  ctx.type = 'html';
  ctx.body = renderPage({
    language,
    title: t.signedOutTitle,
    body: `<p class="brand">쌤</p><h1>${t.signedOutTitle}</h1><p class="lead">${t.signedOutBody}</p><a class="button" href="/">${t.home}</a>`,
  });
}

export async function renderProviderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string | undefined },
): Promise<void> {
  const language = languageOf(ctx);
  const t = TEXT[language];
  ctx.type = 'html';
  ctx.body = renderPage({
    language,
    title: t.errorTitle,
    body: `<p class="brand">쌤</p><h1>${t.errorTitle}</h1><p class="lead">${t.errorBody}</p>
<p class="error"><code>${escapeHtml(out.error)}</code>${out.error_description ? ` — ${escapeHtml(out.error_description)}` : ''}</p>
<a class="button" href="/">${t.home}</a>`,
  });
}

/** Submits the logout form with "yes" so the whole login session ends, as the web app intends. */
export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var b=document.querySelector('button[name=logout]');if(b){b.click();}});`;
