import {
  type BlockNode,
  type DocumentNode,
  doc,
  documentSchema,
  documentToPlainText,
  heading,
  paragraph,
  type TableNode,
} from '@ssaem/documents';
import { describe, expect, it } from 'vitest';
import { asciiFallback, attachmentDisposition, downloadName } from './content-disposition.ts';
import {
  contentToDocument,
  contentWithDocument,
  editedDocumentOf,
  parseContent,
} from './content-to-document.ts';
import { documentToHtml } from './document-html.ts';

const SUMMARY = {
  title: '광합성 핵심 요약',
  keywords: [
    { keyword: '광합성', explanation: '빛으로 양분을 만드는 과정' },
    { keyword: '엽록체', explanation: '광합성이 일어나는 곳' },
  ],
  summary: ['식물은 빛 에너지로 양분을 만든다.', '산소가 나온다.'],
  engine: 'offline',
  notice: 'AI 모델이 연결되어 있지 않아 초안을 만들었습니다.',
};

const blockTypes = (document: DocumentNode) => document.content.map((block) => block.type);
const tables = (document: DocumentNode) =>
  document.content.filter((block): block is TableNode => block.type === 'table');
const cellTexts = (table: TableNode) =>
  table.content.map((row) => row.content.map((cell) => documentToPlainText(doc(cell.content))));

function expectValid(document: DocumentNode) {
  expect(documentSchema.safeParse(document).success).toBe(true);
}

describe('contentToDocument', () => {
  it('lays a summary out as a title, a shaded two-column keyword table and a bullet list', () => {
    const document = contentToDocument('SUMMARY', SUMMARY, '항목 제목');
    expectValid(document);
    expect(document.attrs?.title).toBe('항목 제목');
    expect(blockTypes(document)).toEqual(['heading', 'heading', 'table', 'heading', 'bulletList']);
    const [keywordTable] = tables(document);
    expect(cellTexts(keywordTable!)).toEqual([
      ['핵심어', '설명'],
      ['광합성', '빛으로 양분을 만드는 과정'],
      ['엽록체', '광합성이 일어나는 곳'],
    ]);
    const headerRow = keywordTable!.content[0]!.content;
    expect(headerRow.every((cell) => cell.type === 'tableHeader' && cell.attrs?.backgroundColor)).toBe(true);
    const text = documentToPlainText(document);
    expect(text).toContain('광합성 핵심 요약');
    expect(text).toContain('- 식물은 빛 에너지로 양분을 만든다.');
    // The engine and its notice are machinery, not part of the teacher's document.
    expect(text).not.toContain('offline');
    expect(text).not.toContain('AI 모델');
  });

  it('lays a text correction out as the corrected paragraphs and an original/suggestion/reason table', () => {
    const document = contentToDocument(
      'TEXT_CORRECTION',
      {
        corrections: [{ original: '됬다', suggestion: '됐다', reason: '‘되었다’의 준말', position: 3 }],
        correctedText: '일이 잘 됐다.\n\n내일 또 하자.',
        checkedText: '일이 잘 됬다.\n\n내일 또 하자.',
        engine: 'dictionary',
      },
      '맞춤법 검사',
    );
    expectValid(document);
    expect(document.content[0]).toEqual(heading(1, '맞춤법 검사'));
    const paragraphs = document.content.filter((block) => block.type === 'paragraph');
    expect(paragraphs).toEqual([paragraph('일이 잘 됐다.'), paragraph('내일 또 하자.')]);
    expect(cellTexts(tables(document)[0]!)).toEqual([
      ['원문', '수정', '이유'],
      ['됬다', '됐다', '‘되었다’의 준말'],
    ]);
    const clean = contentToDocument(
      'TEXT_CORRECTION',
      { corrections: [], correctedText: '좋은 글', checkedText: '좋은 글', engine: 'model' },
      '검사',
    );
    expect(documentToPlainText(clean)).toContain('고칠 곳이 없습니다.');
  });

  it('lays lesson-like sections out as headings and paragraphs, whatever the library type', () => {
    const content = {
      title: '초등 3학년 수학 분수 수업 계획',
      sections: [
        { heading: '학습 목표와 흐름', paragraphs: ['분수의 뜻을 이해한다.', '', '자기 평가를 한다.'] },
        { paragraphs: ['제목 없는 절'] },
      ],
    };
    for (const type of ['LESSON', 'EVALUATION_PLAN', 'PARENT_LETTER']) {
      const document = contentToDocument(type, content, '항목');
      expectValid(document);
      expect(document.content).toEqual([
        heading(1, '초등 3학년 수학 분수 수업 계획'),
        heading(2, '학습 목표와 흐름'),
        paragraph('분수의 뜻을 이해한다.'),
        paragraph('자기 평가를 한다.'),
        paragraph('제목 없는 절'),
      ]);
    }
    // A SUMMARY row that does not fit the summary shape still reads (the demo corpus has such rows).
    expect(documentToPlainText(contentToDocument('SUMMARY', content, '항목'))).toContain('분수의 뜻');
  });

  it("lays the lesson tool's result out with its standards, sections and timed activities", () => {
    const document = contentToDocument(
      'LESSON',
      {
        title: '분수의 뜻',
        goal: '분수의 뜻을 안다.',
        gradeName: '초등 3학년',
        subjectName: '수학',
        semester: 1,
        standards: [{ code: '[4수01-10]', statement: '분수의 의미와 표현을 이해한다.' }],
        sections: [
          {
            id: 1,
            title: '도입',
            additionalInfo: '',
            items: [
              { id: 2, type: 'TEXT', title: '동기 유발', content: '피자 나누기', minutes: 5, imageUrl: null },
            ],
          },
        ],
        engine: 'offline',
      },
      '항목',
    );
    expectValid(document);
    const text = documentToPlainText(document);
    expect(text).toContain('학습 목표 | 분수의 뜻을 안다.');
    expect(text).toContain('- [4수01-10] 분수의 의미와 표현을 이해한다.');
    expect(document.content).toContainEqual(heading(2, '도입'));
    expect(document.content).toContainEqual(heading(3, '동기 유발 (5분)'));
    expect(text).toContain('피자 나누기');
  });

  it("lays the feedback tool's result out as scores, each area's points and the overall comment", () => {
    const document = contentToDocument(
      'FEEDBACK',
      {
        title: '독서 감상문 피드백',
        totalScore: 80,
        scores: { grammar: 90 },
        areas: [
          {
            area: 'grammar',
            score: 90,
            strengths: ['맞춤법이 정확하다.'],
            improvements: ['문장이 길다.'],
            examples: [{ original: '그래서 그래서', suggestion: '그래서' }],
          },
        ],
        overall: '잘 썼어요.',
        teacherFeedback: '다음에도 기대할게요.',
        engine: 'model',
        notice: null,
      },
      '항목',
    );
    expectValid(document);
    const text = documentToPlainText(document);
    expect(text).toContain('문법 | 90');
    expect(text).toContain('총점 | 80');
    expect(text).toContain('- 문장이 길다.');
    expect(text).toContain('그래서 그래서 | 그래서');
    expect(text).toContain('다음에도 기대할게요.');
  });

  it('walks unknown JSON: title keys as headings, strings as paragraphs, flat object lists as tables', () => {
    const document = contentToDocument(
      'COUNSEL_STUDENT',
      {
        title: '학생 상담 기록',
        engine: 'model',
        overview: '학기 초 교우 관계 상담',
        counselSubjects: ['교우 관계', '학습'],
        sessions: [
          { date: '2026-03-10', method: '대면', summary: '친구 문제를 이야기함' },
          { date: '2026-03-17', method: '전화', summary: '보호자와 통화', extra: true },
        ],
        followUp: { title: '후속 조치', plan: '2주 뒤 다시 상담', owner: null },
        score: 3,
      },
      '항목 제목',
    );
    expectValid(document);
    expect(document.content[0]).toEqual(heading(1, '학생 상담 기록'));
    expect(blockTypes(document)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'bulletList',
      'heading',
      'table',
      'heading',
      'paragraph',
    ]);
    expect(document.content).toContainEqual(heading(2, 'Counsel subjects'));
    expect(document.content).toContainEqual(heading(2, '후속 조치'));
    expect(cellTexts(tables(document)[0]!)).toEqual([
      ['Date', 'Method', 'Summary', 'Extra'],
      ['2026-03-10', '대면', '친구 문제를 이야기함', ''],
      ['2026-03-17', '전화', '보호자와 통화', '예'],
    ]);
    const text = documentToPlainText(document);
    expect(text).not.toContain('model');
    expect(text).not.toMatch(/^3$/m);
  });

  it('reads strings, empty content and odd values without failing', () => {
    expect(contentToDocument('X', '그냥 글\n둘째 줄', '제목').content).toEqual([
      heading(1, '제목'),
      paragraph('그냥 글'),
      paragraph('둘째 줄'),
    ]);
    expect(contentToDocument('X', null, '제목').content).toEqual([heading(1, '제목')]);
    expect(
      contentToDocument('X', [[1, 2], { a: { b: { c: { d: { e: { f: { g: { h: 'deep' } } } } } } } }], 't'),
    ).toBeDefined();
    let nested: unknown = '바닥';
    for (let i = 0; i < 100; i++) nested = { level: nested };
    expectValid(contentToDocument('X', nested, '깊은 구조'));
    expect(parseContent('not json')).toBe('not json');
    expect(parseContent(null)).toBeNull();
  });

  it('prefers an edited document, for tool items and for editor items alike', () => {
    const edited = doc([heading(1, '고친 문서'), paragraph('새 문단')]);
    const toolContent = contentWithDocument('SUMMARY', SUMMARY, edited, '제목');
    expect(toolContent).toMatchObject({
      title: SUMMARY.title,
      keywords: SUMMARY.keywords,
      editedDocument: edited,
    });
    expect(contentToDocument('SUMMARY', toolContent, '제목').content).toEqual(edited.content);
    const editorContent = contentWithDocument('HWP_EDITOR', null, edited, '에디터 문서');
    expect(editorContent).toEqual({ title: '에디터 문서', text: '고친 문서\n새 문단', document: edited });
    expect(contentToDocument('HWP_EDITOR', editorContent, '에디터 문서').content).toEqual(edited.content);
    expect(
      editedDocumentOf({ editedDocument: { type: 'doc', content: [{ type: 'script' }] } }),
    ).toBeUndefined();
    // A broken edit falls back to the tool's own result rather than failing the viewer.
    const broken = { ...SUMMARY, editedDocument: { type: 'doc', content: 'x' } };
    expect(documentToPlainText(contentToDocument('SUMMARY', broken, '제목'))).toContain('엽록체');
  });
});

describe('documentToHtml', () => {
  it('escapes every text and keeps only safe attributes', () => {
    const hostile: DocumentNode = {
      type: 'doc',
      attrs: { header: '<script>alert(1)</script> {page}' },
      content: [
        heading(1, '<img src=x onerror=alert(1)>'),
        {
          type: 'paragraph',
          attrs: { textAlign: 'center' },
          content: [
            {
              type: 'text',
              text: '"quoted" & <b>',
              marks: [{ type: 'bold' }, { type: 'textStyle', attrs: { color: '#FF0000' } }],
            },
            { type: 'footnote', attrs: { text: '<i>note</i>' } },
          ],
        },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: '그림 <설명>' } },
        { type: 'image', attrs: { src: 'https://evil.example/x.png' } },
        { type: 'image', attrs: { src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'ok', width: 10 } },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableHeader',
                  attrs: { colspan: 2, backgroundColor: '#E7EEF7' },
                  content: [paragraph('머리')],
                },
              ],
            },
          ],
        },
      ] as BlockNode[],
    };
    const html = documentToHtml(hostile);
    expect(html).not.toMatch(/<script|<[^>]* on\w+=|javascript:|evil\.example/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(
      '<p style="text-align:center"><span style="color:#FF0000"><strong>&quot;quoted&quot; &amp; &lt;b&gt;</strong></span><sup class="note-ref">1</sup></p>',
    );
    expect(html).toContain('<li>&lt;i&gt;note&lt;/i&gt;</li>');
    expect(html).toContain('<p class="image-missing">[그림 &lt;설명&gt;]</p>');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="ok" width="10">');
    expect(html).toContain('<th colspan="2" style="background-color:#E7EEF7"><p>머리</p></th>');
    expect(html).toContain('<header>&lt;script&gt;alert(1)&lt;/script&gt; #</header>');
  });

  it('renders unchecked input defensively (values that bypassed the schema stay inert)', () => {
    const sneaky = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: 'left;background:url(x)' },
          content: [{ type: 'text', text: 'a' }],
        },
        { type: 'heading', attrs: { level: 9 }, content: [{ type: 'text', text: 'h' }] },
        { type: 'unknown', content: [] },
      ],
    } as unknown as DocumentNode;
    expect(documentToHtml(sneaky)).toBe('<article class="document"><p>a</p><h6>h</h6></article>');
  });
});

describe('download names', () => {
  it('sends a Korean name as RFC 5987 with an ASCII fallback', () => {
    expect(attachmentDisposition('2학기 평가계획(최종).hwpx')).toBe(
      `attachment; filename="2_(_).hwpx"; filename*=UTF-8''2%ED%95%99%EA%B8%B0%20%ED%8F%89%EA%B0%80%EA%B3%84%ED%9A%8D%28%EC%B5%9C%EC%A2%85%29.hwpx`,
    );
    expect(asciiFallback('가정통신문.pdf')).toBe('document.pdf');
    expect(asciiFallback('report "v2".docx')).toBe('report_v2_.docx');
    expect(asciiFallback('Lesson plan 3.hwpx')).toBe('Lesson plan 3.hwpx');
    expect(attachmentDisposition('../../etc/passwd')).toBe(
      `attachment; filename="passwd"; filename*=UTF-8''passwd`,
    );
  });

  it('keeps the real extension whatever name is asked for', () => {
    expect(downloadName('수업.hwp', '기본', 'hwpx')).toBe('수업.hwp.hwpx');
    expect(downloadName(undefined, '기본 이름', 'pdf')).toBe('기본 이름.pdf');
    expect(downloadName('  ', '기본', 'docx')).toBe('기본.docx');
    expect(downloadName('평가.HWPX', '기본', 'hwpx')).toBe('평가.HWPX');
  });
});
