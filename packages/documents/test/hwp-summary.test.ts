import { describe, expect, it } from 'vitest';
import { CfbFile } from '../src/cfb-reader.ts';
import { doc, paragraph } from '../src/document-model.ts';
import { HWP_SUMMARY_FMTID, HWP_SUMMARY_PID } from '../src/hwp-summary.ts';
import { writeHwp } from '../src/hwp-writer.ts';
import { readFixture } from './fixtures.ts';

const STREAM = '\u0005HwpSummaryInformation';

/**
 * Reads an OLE property set stream as MS-OLEPS lays it out (header, the first set, its id/offset
 * table, typed values), written apart from the writer; checked first on files 한글 saved.
 */
function readPropertySet(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint16(0, true)).toBe(0xfffe);
  expect(view.getUint32(24, true)).toBe(1);
  const fmtid = bytes.slice(28, 44);
  const base = view.getUint32(44, true);
  const size = view.getUint32(base, true);
  expect(base + size).toBeLessThanOrEqual(bytes.length);
  const count = view.getUint32(base + 4, true);
  const values = new Map<number, string | number | Date>();
  for (let i = 0; i < count; i++) {
    const id = view.getUint32(base + 8 + i * 8, true);
    const at = base + view.getUint32(base + 12 + i * 8, true);
    const type = view.getUint16(at, true);
    if (type === 0x1f) {
      const length = view.getUint32(at + 4, true);
      const units: number[] = [];
      for (let u = 0; u < length; u++) units.push(view.getUint16(at + 8 + u * 2, true));
      expect(units.at(-1)).toBe(0);
      values.set(id, String.fromCharCode(...units.slice(0, -1)));
    } else if (type === 0x40) {
      const ticks = view.getBigUint64(at + 4, true);
      values.set(id, new Date(Number((ticks - 116_444_736_000_000_000n) / 10_000n)));
    } else if (type === 0x03) {
      values.set(id, view.getInt32(at + 4, true));
    }
  }
  return { fmtid, values };
}

describe('the summary information of an .hwp file', () => {
  it('is read from a file 한글 saved (the reader this test trusts)', () => {
    const cfb = new CfbFile(readFixture('hwpjs-noori.hwp'));
    const { fmtid, values } = readPropertySet(cfb.read(STREAM));
    expect([...fmtid]).toEqual([...HWP_SUMMARY_FMTID]);
    expect(values.get(HWP_SUMMARY_PID.author)).toBe('이은지');
    expect(values.get(HWP_SUMMARY_PID.date)).toBe('2014년 2월 11일 화요일 오전 11:24:40');
    expect((values.get(HWP_SUMMARY_PID.created) as Date).toISOString()).toBe('2014-02-11T02:24:40.544Z');
  });

  it('carries the title, the author and the time it was written, as 한글 writes them', async () => {
    const at = new Date('2026-11-25T09:03:12.000Z');
    const bytes = await writeHwp(doc([paragraph('현장체험학습 안내')], { title: '가정통신문 제12호' }), {
      creator: 'Ssaem',
      now: at,
    });
    const { fmtid, values } = readPropertySet(new CfbFile(bytes).read(STREAM));
    expect([...fmtid]).toEqual([...HWP_SUMMARY_FMTID]);
    expect(values.get(HWP_SUMMARY_PID.title)).toBe('가정통신문 제12호');
    expect(values.get(HWP_SUMMARY_PID.author)).toBe('Ssaem');
    expect(values.get(HWP_SUMMARY_PID.lastAuthor)).toBe('Ssaem');
    expect(values.get(HWP_SUMMARY_PID.created)).toEqual(at);
    expect(values.get(HWP_SUMMARY_PID.saved)).toEqual(at);
    // Korean time, in the words 한글 uses.
    expect(values.get(HWP_SUMMARY_PID.date)).toBe('2026년 11월 25일 수요일 오후 6:03:12');
  });
});
