import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isAllowedImageSource, MarkdownRenderer } from './markdown-renderer';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('MarkdownRenderer', () => {
  it('never renders raw HTML: a <script> stays out of the page', () => {
    const { container } = render(
      <MarkdownRenderer
        text={'안녕\n\n<script>window.hacked = true</script>\n\n<b onclick="x()">굵게</b>'}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.innerHTML).not.toContain('onclick');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('drops external images and keeps inline and same-origin ones', () => {
    const { container } = render(
      <MarkdownRenderer
        text={`![tracker](https://evil.example/pixel.png)\n\n![inline](${PIXEL})\n\n![own](/logo.png)`}
      />,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([PIXEL, '/logo.png']);
    expect(container.innerHTML).not.toContain('evil.example');
  });

  it('neutralises javascript: links', () => {
    const { container } = render(<MarkdownRenderer text="[click](javascript:alert(1))" />);
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('renders GFM tables, highlighted code and KaTeX math', () => {
    const { container } = render(
      <MarkdownRenderer
        text={'| 학년 | 인원 |\n| --- | --- |\n| 3 | 25 |\n\n```js\nconst a = 1;\n```\n\n$E = mc^2$'}
      />,
    );
    expect(container.querySelectorAll('th')).toHaveLength(2);
    expect(container.querySelector('td')?.textContent).toBe('3');
    expect(container.querySelector('code.hljs, code.language-js')).not.toBeNull();
    expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(container.querySelector('.katex')).not.toBeNull();
  });
});

describe('isAllowedImageSource', () => {
  it.each([
    ['data:image/png;base64,AAAA', true],
    ['blob:http://localhost/123', true],
    ['/files/a.png', true],
    ['https://cdn.example.com/a.png', false],
    ['//cdn.example.com/a.png', false],
    ['data:text/html;base64,AAAA', false],
  ])('%s → %s', (src, allowed) => {
    expect(isAllowedImageSource(src, 'http://localhost')).toBe(allowed);
  });
});
