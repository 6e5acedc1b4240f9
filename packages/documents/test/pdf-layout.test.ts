import { describe, expect, it } from 'vitest';
import { readPdf } from '../src/pdf-reader.ts';
import { writePdf } from '../src/pdf-writer.ts';
import { LAYOUT_TEXT, layoutWorksheet } from './layout-documents.ts';

const squash = (value: string) => value.replace(/\s+/g, '');

describe('PDF layout', () => {
  it('turns the pages of a landscape section and keeps the text of boxes, not memos', async () => {
    const bytes = await writePdf(layoutWorksheet());
    // Pages in order: the portrait section first, the landscape section on a page of its own.
    const boxes = [
      ...new TextDecoder('latin1').decode(bytes).matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)/g),
    ].map((match) => `${Math.round(Number(match[1]))}x${Math.round(Number(match[2]))}`);
    expect(boxes[0]).toBe('595x842');
    expect(boxes.at(-1)).toBe('842x595');
    const { text } = await readPdf(bytes);
    expect(squash(text)).toContain(squash(LAYOUT_TEXT.box));
    expect(squash(text)).toContain(squash(LAYOUT_TEXT.landscape));
    expect(squash(text)).toContain(squash(`실험 전에 ${LAYOUT_TEXT.marked}을 모두 읽습니다.`));
    // Memos are review notes: 한글 prints none by default, and neither does the PDF.
    expect(squash(text)).not.toContain(squash(LAYOUT_TEXT.memo));
    expect(text.indexOf('가로 구역')).toBeGreaterThan(text.indexOf('2모둠'));
  });
});
