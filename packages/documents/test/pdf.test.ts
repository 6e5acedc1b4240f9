import { describe, expect, it } from 'vitest';
import { doc, documentToPlainText, paragraph } from '../src/document-model.ts';
import { normaliseText, readPdf } from '../src/pdf-reader.ts';
import { writePdf } from '../src/pdf-writer.ts';
import { evaluationPlan } from './sample-documents.ts';
import { bigramRecall } from './text-recall.ts';

describe('PDF', async () => {
  const model = evaluationPlan();
  const bytes = await writePdf(model, { creator: '담임교사' });

  it('writes a PDF whose Korean text extracts intact', async () => {
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const { text } = await readPdf(bytes);
    for (const line of [
      '2025학년도 1학기 과학과 평가 계획',
      '학생의 과학적 탐구 능력과 문제 해결력을 종합적으로 평가하여 수업 개선에 활용한다.',
      '서술형 문항 40% 이상 포함',
      '학업성적관리규정 제5조에 따른다.',
      '서울가락초등학교',
    ]) {
      expect(text).toContain(line);
    }
    const { attrs: _attrs, ...withoutRunningText } = model;
    const expected = documentToPlainText({
      ...withoutRunningText,
      content: model.content.filter((n) => n.type !== 'image'),
    });
    expect(bigramRecall(expected, text)).toBeGreaterThanOrEqual(0.97);
  });

  it('embeds the Korean font rather than relying on the reader having one', () => {
    const raw = new TextDecoder('latin1').decode(bytes);
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/NotoSansKR/);
  });

  it('turns the page for landscape', async () => {
    const landscape = await writePdf(evaluationPlan({ landscape: true }));
    expect(new TextDecoder('latin1').decode(landscape)).toMatch(/\/MediaBox \[0 0 841\.89 595\.28/);
  });

  it('puts a page break where the model has one', async () => {
    const { document } = await readPdf(bytes);
    expect(document.content.filter((node) => node.type === 'pageBreak')).toHaveLength(1);
  });

  it('normalises control characters that some producers use for spaces', async () => {
    expect(normaliseText('가\u0001나\u0000다\ufffd')).toBe('가 나 다');
    const simple = await readPdf(await writePdf(doc([paragraph('띄어 쓰기 확인')])));
    expect(simple.text).toBe('띄어 쓰기 확인');
  });

  it('numbers pages in the footer', async () => {
    const twoPages = await writePdf(
      doc([paragraph('첫 쪽'), { type: 'pageBreak' }, paragraph('둘째 쪽')], { footer: '- {page} -' }),
    );
    const { text } = await readPdf(twoPages);
    expect(text).toContain('- 1 -');
    expect(text).toContain('- 2 -');
  });
});
