import { doc, image, paragraph, sectionBreak, table, textBox } from '@ssaem/documents';
import { describe, expect, it } from 'vitest';
import { documentToHtml } from './document-html.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('documentToHtml captions', () => {
  it('numbers table and picture captions as the downloads do, escaped', () => {
    const html = documentToHtml(
      doc([
        table([['가']], { caption: '<b>인원</b>' }),
        image(PNG, { alt: '그래프', caption: '추이' }),
        table([['나']], { caption: '둘째' }),
      ]),
    );
    expect(html).toContain('<caption>표 1 &lt;b&gt;인원&lt;/b&gt;</caption>');
    expect(html).toContain('<figcaption>그림 1 추이</figcaption>');
    expect(html).toContain('<caption>표 2 둘째</caption>');
  });
});

describe('documentToHtml layout nodes', () => {
  it('keeps a text box with its text, escaped, and starts a new section on a new page', () => {
    const html = documentToHtml(
      doc([textBox('<안내> 보안경'), sectionBreak({ orientation: 'landscape' }), paragraph('가로')]),
    );
    expect(html).toContain('<div class="text-box"><p>&lt;안내&gt; 보안경</p></div>');
    expect(html).toContain('<div class="page-break"></div><p>가로</p>');
  });
});
