import { describe, expect, it } from 'vitest';
import { findTessdata, readImageText } from '../src/image-ocr-reader.ts';
import { readDocument } from '../src/read-document.ts';
import { expectDocumentError } from './expect-document-error.ts';
import { renderTextPng } from './text-image.ts';
import { bigramRecall } from './text-recall.ts';

const tessdata = findTessdata(['kor', 'eng']);
if (!tessdata) {
  console.warn(
    '[documents] OCR test skipped: kor/eng traineddata missing (apt-get install -y tesseract-ocr-kor)',
  );
}

describe.skipIf(!tessdata)('OCR of pictures', () => {
  it('reads Korean text from an image', async () => {
    const lines = ['가정통신문 안내', '학부모님께 현장 체험 학습을 알려 드립니다.', '신청 기한: 3월 15일'];
    const png = renderTextPng(lines, 32);
    const result = await readDocument(png, '사진.png');
    expect(result.kind).toBe('image');
    expect(bigramRecall(lines.join('\n'), result.text)).toBeGreaterThanOrEqual(0.9);
    expect(result.text).toContain('가정통신문');
  });
});

describe('OCR without language data', () => {
  it('fails with a coded error rather than downloading a model', async () => {
    await expectDocumentError(
      () => readImageText(renderTextPng(['가'], 20), { langPath: '/nonexistent', languages: ['kor'] }),
      'ocr-unavailable',
    );
  });
});
