import { describe, expect, it } from 'vitest';
import { renderLoginPage } from './login-page.ts';

const checkedOf = (html: string) =>
  /<input type="radio" name="who" id="who-(\w+)" value="\w+" checked>/.exec(html)?.[1];

describe('the sign-in page', () => {
  it('is one page for teachers and students, the choice a hint that preselects its help text', () => {
    const teacher = renderLoginPage({ language: 'ko', uid: 'abc' });
    expect(checkedOf(teacher)).toBe('teacher');
    const student = renderLoginPage({ language: 'ko', uid: 'abc', who: 'student' });
    expect(checkedOf(student)).toBe('student');
    // Both help texts are on the page, CSS shows the chosen one; the form is the same for both.
    for (const html of [teacher, student]) {
      expect(html).toContain('학생은 선생님이나 학교에서 받은 아이디로 로그인해요.');
      expect(html).toContain('선생님은 가입할 때 정한 아이디로 로그인해요.');
      expect(html).toContain('action="/interaction/abc/login"');
    }
    expect(student).not.toContain('<script');
  });

  it('speaks English when asked', () => {
    const page = renderLoginPage({ language: 'en', uid: 'abc', who: 'student' });
    expect(page).toContain('Who is signing in?');
    expect(checkedOf(page)).toBe('student');
  });

  it("has the browser prefetch the web app's files that finish the sign-in, and nothing it would run", () => {
    const page = renderLoginPage({
      language: 'ko',
      uid: 'abc',
      prefetch: ['assets/sign-in-exchange-A1.js', 'assets/Alert-B2.css'],
    });
    expect(page).toContain('<link rel="prefetch" href="/assets/sign-in-exchange-A1.js">');
    expect(page).toContain('<link rel="prefetch" href="/assets/Alert-B2.css">');
    expect(page).not.toContain('<script');
    expect(renderLoginPage({ language: 'ko', uid: 'abc' })).not.toContain('rel="prefetch"');
  });
});
