import type { Language } from '@ssaem/contracts';
import { escapeHtml, renderPage } from './page-layout.ts';

export const LOGIN_TEXT = {
  ko: {
    title: '로그인',
    lead: '선생님을 위한 AI 도우미, 쌤에 오신 것을 환영합니다.',
    username: '아이디',
    password: '비밀번호',
    submit: '로그인',
    invalid: '아이디 또는 비밀번호가 올바르지 않습니다.',
    throttled:
      '로그인 시도가 너무 많습니다. {minutes}분 후에 다시 시도하거나, 이메일로 받은 코드로 로그인해 주세요.',
    emailCode: '이메일로 로그인 코드 받기',
    codeTitle: '코드로 로그인',
    codeLead: '계정에 등록된 이메일이 있으면 6자리 로그인 코드를 보냈습니다. 10분 안에 입력해 주세요.',
    code: '로그인 코드',
    codeInvalid: '코드가 맞지 않거나 만료되었습니다. 새 코드를 받아 다시 시도해 주세요.',
    backToPassword: '비밀번호로 로그인',
    expired: '로그인 요청이 만료되었습니다. 처음부터 다시 시도해 주세요.',
    signup: '계정이 없으신가요? 회원가입',
    other: 'English',
    home: '처음으로',
  },
  en: {
    title: 'Sign in',
    lead: 'Welcome to Ssaem, the AI assistant for teachers.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    invalid: 'The username or password is incorrect.',
    throttled:
      'Too many sign-in attempts. Try again in {minutes} minutes, or sign in with a code sent to your e-mail.',
    emailCode: 'E-mail me a sign-in code',
    codeTitle: 'Sign in with a code',
    codeLead:
      'If the account has an e-mail address, a 6-digit sign-in code is on its way. Enter it within 10 minutes.',
    code: 'Sign-in code',
    codeInvalid: 'The code is wrong or has expired. Ask for a new one and try again.',
    backToPassword: 'Sign in with a password',
    expired: 'This sign-in request has expired. Please start again.',
    signup: 'No account yet? Sign up',
    other: '한국어',
    home: 'Back to start',
  },
} as const;

export function renderLoginPage(input: {
  language: Language;
  uid: string;
  username?: string;
  error?: string;
  /** Offer the e-mailed code (after too many wrong passwords). */
  offerCode?: boolean;
}): string {
  const t = LOGIN_TEXT[input.language];
  const other = input.language === 'ko' ? 'en' : 'ko';
  const action = `/interaction/${encodeURIComponent(input.uid)}/login`;
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const codeForm = input.offerCode
    ? `<form method="post" action="/interaction/${encodeURIComponent(input.uid)}/email-code">
<input type="hidden" name="lang" value="${input.language}">
<input type="hidden" name="username" value="${escapeHtml(input.username ?? '')}">
<button type="submit" class="secondary">${t.emailCode}</button>
</form>`
    : '';
  return renderPage({
    language: input.language,
    title: t.title,
    body: `<p class="brand">쌤</p><p class="lead">${t.lead}</p>
<h1>${t.title}</h1>${error}
<form method="post" action="${action}" autocomplete="on">
<input type="hidden" name="lang" value="${input.language}">
<label for="username">${t.username}</label>
<input id="username" name="username" autocomplete="username" required maxlength="100" value="${escapeHtml(input.username ?? '')}" autofocus>
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<button type="submit">${t.submit}</button>
</form>${codeForm}
<p class="footer"><a href="/signup">${t.signup}</a> · <a href="/interaction/${encodeURIComponent(input.uid)}?lang=${other}" lang="${other}">${t.other}</a></p>`,
  });
}

/** The page that takes the code mailed by "E-mail me a sign-in code". */
export function renderCodePage(input: { language: Language; uid: string; username: string; error?: string }) {
  const t = LOGIN_TEXT[input.language];
  const uid = encodeURIComponent(input.uid);
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return renderPage({
    language: input.language,
    title: t.codeTitle,
    body: `<p class="brand">쌤</p><h1>${t.codeTitle}</h1>${error}<p class="lead">${t.codeLead}</p>
<form method="post" action="/interaction/${uid}/code" autocomplete="off">
<input type="hidden" name="lang" value="${input.language}">
<input type="hidden" name="username" value="${escapeHtml(input.username)}">
<label for="code">${t.code}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<button type="submit">${t.submit}</button>
</form>
<p class="footer"><a href="/interaction/${uid}?lang=${input.language}">${t.backToPassword}</a></p>`,
  });
}

export function renderExpiredPage(language: Language): string {
  const t = LOGIN_TEXT[language];
  return renderPage({
    language,
    title: t.title,
    body: `<p class="brand">쌤</p><h1>${t.title}</h1><p class="error" role="alert">${t.expired}</p><a class="button" href="/">${t.home}</a>`,
  });
}
