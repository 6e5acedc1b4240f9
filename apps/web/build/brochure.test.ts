import { join } from 'node:path';
import { readPdf } from '@ssaem/documents';
import { describe, expect, it } from 'vitest';
import { BROCHURE_LANGUAGES, loadBrochureTexts, writeBrochure } from './brochure.ts';

const LOCALES = join(import.meta.dirname, '../src/locales');

describe('the introduction brochure', () => {
  it('is a PDF that reads back with the landing headline and the tools in Korean', async () => {
    const texts = loadBrochureTexts('ko', LOCALES);
    const bytes = await writeBrochure(texts);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const read = await readPdf(bytes);
    const plain = read.text.replace(/\s+/g, '');
    expect(plain).toContain('수업준비부터가정통신문까지,쌤이함께할게요');
    expect(plain).toContain('가정통신문—행사,안전교육,준비물안내문을학교양식에맞춰써요.');
    expect(plain).toContain('학생개인정보는안전한가요?');
  });

  it('is written for every language the download offers', async () => {
    for (const language of BROCHURE_LANGUAGES) {
      const read = await readPdf(await writeBrochure(loadBrochureTexts(language, LOCALES)));
      expect(read.text.length).toBeGreaterThan(1500);
    }
  });
});
