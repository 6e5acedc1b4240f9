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
    forgot: '비밀번호 찾기',
    resetTitle: '비밀번호 찾기',
    resetLead:
      '아이디와 계정에 등록한 이메일을 입력하면, 새 비밀번호를 정할 수 있는 6자리 코드를 보내 드려요.',
    email: '이메일',
    sendResetCode: '코드 받기',
    resetCodeTitle: '새 비밀번호 정하기',
    resetCodeLead:
      '아이디와 이메일이 계정과 맞으면 6자리 코드를 보냈습니다. 10분 안에 코드와 새 비밀번호를 입력해 주세요.',
    resetCode: '이메일로 받은 코드',
    newPassword: '새 비밀번호',
    newPasswordConfirm: '새 비밀번호 확인',
    passwordRule: '8자 이상, 영문과 숫자를 모두 넣어 주세요.',
    resetSubmit: '비밀번호 바꾸기',
    weakPassword: '비밀번호는 8자 이상이고 영문과 숫자를 모두 포함해야 합니다.',
    mismatch: '새 비밀번호와 확인이 서로 다릅니다.',
    resetDone: '비밀번호를 바꿨어요. 새 비밀번호로 로그인해 주세요.',
    findId: '아이디가 기억나지 않나요? 아이디 찾기',
    newCode: '코드 다시 받기',
    whoLegend: '누가 로그인하나요?',
    teacher: '선생님',
    student: '학생',
    teacherHint: '선생님은 가입할 때 정한 아이디로 로그인해요.',
    studentHint:
      '학생은 선생님이나 학교에서 받은 아이디로 로그인해요. 비밀번호가 기억나지 않으면 선생님께 말씀드리세요.',
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
    forgot: 'Forgot your password?',
    resetTitle: 'Reset your password',
    resetLead:
      'Enter your username and the e-mail address of your account: we send a 6-digit code to set a new password.',
    email: 'E-mail',
    sendResetCode: 'Send the code',
    resetCodeTitle: 'Set a new password',
    resetCodeLead:
      'If the username and address match an account, a 6-digit code is on its way. Enter it with a new password within 10 minutes.',
    resetCode: 'Code from the e-mail',
    newPassword: 'New password',
    newPasswordConfirm: 'Confirm the new password',
    passwordRule: 'At least 8 characters, with letters and digits.',
    resetSubmit: 'Change the password',
    weakPassword: 'The password needs at least 8 characters, with both letters and digits.',
    mismatch: 'The new password and its confirmation differ.',
    resetDone: 'Your password is changed. Sign in with the new one.',
    findId: 'Forgot your username? Find it',
    newCode: 'Ask for a new code',
    whoLegend: 'Who is signing in?',
    teacher: 'Teacher',
    student: 'Student',
    teacherHint: 'Teachers sign in with the username they chose when signing up.',
    studentHint:
      'Students sign in with the username their teacher or school gave them. Forgot the password? Ask your teacher.',
  },
} as const;

export interface LoginPageInput {
  language: Language;
  uid: string;
  username?: string;
  error?: string;
  /** Offer the e-mailed code (after too many wrong passwords). */
  offerCode?: boolean;
  /** A confirmation shown above the form (the password was just changed). */
  notice?: string;
  /** Teacher or student: a hint that picks the help text, never a different way of signing in. */
  who?: 'teacher' | 'student';
  /** The web app's files that finish the sign-in, downloaded while the form is filled in. */
  prefetch?: readonly string[];
}

export function renderLoginPage(input: LoginPageInput): string {
  const t = LOGIN_TEXT[input.language];
  const student = input.who === 'student';
  // Two radios styled as one switch, and CSS alone shows the matching help (no script on this page).
  const whoChoice = `<fieldset class="who"><legend>${t.whoLegend}</legend>
<input type="radio" name="who" id="who-teacher" value="teacher"${student ? '' : ' checked'}><label for="who-teacher">${t.teacher}</label>
<input type="radio" name="who" id="who-student" value="student"${student ? ' checked' : ''}><label for="who-student">${t.student}</label>
<p class="hint for-teacher">${t.teacherHint}</p><p class="hint for-student">${t.studentHint}</p>
</fieldset>`;
  const other = input.language === 'ko' ? 'en' : 'ko';
  const action = `/interaction/${encodeURIComponent(input.uid)}/login`;
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const notice = input.notice ? `<p class="notice" role="status">${escapeHtml(input.notice)}</p>` : '';
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
<h1>${t.title}</h1>${notice}${error}
<form method="post" action="${action}" autocomplete="on">
<input type="hidden" name="lang" value="${input.language}">
${whoChoice}
<label for="username">${t.username}</label>
<input id="username" name="username" autocomplete="username" required maxlength="100" value="${escapeHtml(input.username ?? '')}" autofocus>
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<button type="submit">${t.submit}</button>
</form>${codeForm}
<p class="footer"><a href="/interaction/${encodeURIComponent(input.uid)}/reset?lang=${input.language}">${t.forgot}</a> · <a href="/signup">${t.signup}</a> · <a href="/interaction/${encodeURIComponent(input.uid)}?lang=${other}" lang="${other}">${t.other}</a></p>`,
    prefetch: input.prefetch,
  });
}

/** 비밀번호 찾기: the username and the account's address, to which a reset code is mailed. */
export function renderResetRequestPage(input: {
  language: Language;
  uid: string;
  username?: string;
  email?: string;
}): string {
  const t = LOGIN_TEXT[input.language];
  const uid = encodeURIComponent(input.uid);
  return renderPage({
    language: input.language,
    title: t.resetTitle,
    body: `<p class="brand">쌤</p><h1>${t.resetTitle}</h1><p class="lead">${t.resetLead}</p>
<form method="post" action="/interaction/${uid}/reset" autocomplete="on">
<input type="hidden" name="lang" value="${input.language}">
<label for="username">${t.username}</label>
<input id="username" name="username" autocomplete="username" required maxlength="100" value="${escapeHtml(input.username ?? '')}" autofocus>
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="200" value="${escapeHtml(input.email ?? '')}">
<button type="submit">${t.sendResetCode}</button>
</form>
<p class="footer"><a href="/find-id">${t.findId}</a> · <a href="/interaction/${uid}?lang=${input.language}">${t.backToPassword}</a></p>`,
  });
}

/** The page that takes the mailed reset code and the new password. */
export function renderResetCodePage(input: {
  language: Language;
  uid: string;
  username: string;
  email: string;
  error?: string;
}): string {
  const t = LOGIN_TEXT[input.language];
  const uid = encodeURIComponent(input.uid);
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return renderPage({
    language: input.language,
    title: t.resetCodeTitle,
    body: `<p class="brand">쌤</p><h1>${t.resetCodeTitle}</h1>${error}<p class="lead">${t.resetCodeLead}</p>
<form method="post" action="/interaction/${uid}/reset/confirm" autocomplete="off">
<input type="hidden" name="lang" value="${input.language}">
<input type="hidden" name="username" value="${escapeHtml(input.username)}">
<input type="hidden" name="email" value="${escapeHtml(input.email)}">
<label for="code">${t.resetCode}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<label for="password">${t.newPassword}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="200" aria-describedby="password-rule">
<p class="hint" id="password-rule">${t.passwordRule}</p>
<label for="passwordConfirm">${t.newPasswordConfirm}</label>
<input id="passwordConfirm" name="passwordConfirm" type="password" autocomplete="new-password" required minlength="8" maxlength="200">
<button type="submit">${t.resetSubmit}</button>
</form>
<p class="footer"><a href="/interaction/${uid}/reset?lang=${input.language}">${t.newCode}</a> · <a href="/interaction/${uid}?lang=${input.language}">${t.backToPassword}</a></p>`,
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
