import type { Language } from '@ssaem/contracts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The web app's font stack (apps/web/src/app/theme.ts): each platform's own Korean font, Linux's
// Noto Sans CJK KR and NanumGothic too; without a font that has Hangul among the first ones found,
// the browser searches a fallback for every run of text, which made laying out a page on Linux
// several times slower.
const FONT_STACK =
  "Pretendard,'Apple SD Gothic Neo','Noto Sans KR','Malgun Gothic','Noto Sans CJK KR',NanumGothic,system-ui,-apple-system,'Segoe UI',sans-serif";

// The web app's colours (apps/web/src/app/theme.ts): sage 7 for actions and the brand, its
// lightest shade behind the card, so signing in does not look like another product.
const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#ecf7f3;color:#1f2933;word-break:keep-all;overflow-wrap:anywhere;font-family:${FONT_STACK}}
main{width:100%;max-width:380px;margin:24px;padding:32px 28px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(31,41,51,.08)}
.brand{font-size:28px;font-weight:800;color:#2b7d60;margin:0 0 4px}.lead{margin:0 0 24px;color:#52606d;font-size:14px}
h1{font-size:20px;margin:0 0 16px}label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;height:44px;padding:0 12px;font-size:16px;border:1px solid #cbd2d9;border-radius:10px}
input:focus{outline:2px solid #2b7d60;border-color:#2b7d60}
button,.button{display:block;width:100%;height:46px;margin-top:22px;border:0;border-radius:10px;background:#2b7d60;color:#fff;
font-size:16px;font-weight:700;cursor:pointer;text-align:center;line-height:46px;text-decoration:none}
button.secondary{background:#e4e7eb;color:#1f2933;margin-top:10px}
.error{margin:16px 0 0;padding:10px 12px;border-radius:10px;background:#fdecea;color:#b42318;font-size:14px}
.notice{margin:16px 0 0;padding:10px 12px;border-radius:10px;background:#e6f4ea;color:#175844;font-size:14px}
.hint{margin:6px 0 0;font-size:13px;color:#7b8794}
.who{border:0;padding:0;margin:0 0 4px;display:flex;flex-wrap:wrap}.who legend{font-size:14px;font-weight:600;margin:0 0 6px;padding:0}
.who input{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.who label{flex:1;margin:0;padding:9px 0;text-align:center;border:1px solid #cbd2d9;font-weight:600;cursor:pointer;color:#52606d}
.who label[for=who-teacher]{border-radius:10px 0 0 10px}.who label[for=who-student]{border-radius:0 10px 10px 0;border-left:0}
.who input:checked+label{background:#2b7d60;border-color:#2b7d60;color:#fff}.who input:focus-visible+label{outline:2px solid #175844;outline-offset:2px}
.who .hint{flex-basis:100%;display:none}#who-teacher:checked~.for-teacher,#who-student:checked~.for-student{display:block}
.footer{margin-top:20px;font-size:13px;color:#7b8794;text-align:center}.footer a{color:#2b7d60}`;

/**
 * A small self-contained page for the identity screens: no scripts unless named, no remote assets.
 * `prefetch` names the web app's own files (paths under the site) for the browser to download at
 * low priority into its cache, for the page that comes next.
 */
export function renderPage(input: {
  language: Language;
  title: string;
  body: string;
  script?: string;
  prefetch?: readonly string[] | undefined;
}): string {
  const script = input.script ? `<script src="${escapeHtml(input.script)}" defer></script>` : '';
  const prefetch = (input.prefetch ?? [])
    .map((file) => `<link rel="prefetch" href="/${escapeHtml(file)}">`)
    .join('');
  return `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)} · Ssaem</title><style>${STYLE}</style>${script}${prefetch}</head>
<body><main>${input.body}</main></body>
</html>`;
}
