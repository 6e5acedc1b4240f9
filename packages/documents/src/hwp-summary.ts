/**
 * The `\x05HwpSummaryInformation` stream of an HWP 5 file: an OLE property set (MS-OLEPS) with the
 * document's title, author and dates, which 한글's 문서 정보 dialog and file managers show. The
 * layout follows what 한글 itself writes (the fixtures' streams): the HWP format id as both the
 * class id and the set's format id, every text property as VT_LPWSTR, times as FILETIME.
 */

/** {9FA2B660-1061-11D4-B4C6-006097C09D8C}, in the byte order a GUID is stored. */
export const HWP_SUMMARY_FMTID = Uint8Array.from([
  0x60, 0xb6, 0xa2, 0x9f, 0x61, 0x10, 0xd4, 0x11, 0xb4, 0xc6, 0x00, 0x60, 0x97, 0xc0, 0x9d, 0x8c,
]);

/** Property ids of the summary information set (PIDSI_*), and 한글's own date text. */
export const HWP_SUMMARY_PID = {
  title: 2,
  subject: 3,
  author: 4,
  keywords: 5,
  comments: 6,
  lastAuthor: 8,
  revision: 9,
  created: 12,
  saved: 13,
  pages: 14,
  date: 20,
} as const;

const VT_I4 = 0x03;
const VT_LPWSTR = 0x1f;
const VT_FILETIME = 0x40;
/** 100-ns intervals between 1601-01-01 and 1970-01-01. */
const FILETIME_EPOCH_OFFSET = 116_444_736_000_000_000n;

export type HwpSummary = {
  title: string;
  author: string;
  /** When the document was written; also its last save. */
  at: Date;
};

type Property = { id: number; value: Uint8Array };

function lpwstr(text: string): Uint8Array {
  // A count of UTF-16 units including the terminating NUL, the units, then padding to 4 bytes.
  const units = `${text}\0`;
  const length = 8 + units.length * 2;
  const bytes = new Uint8Array(Math.ceil(length / 4) * 4);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, VT_LPWSTR, true);
  view.setUint32(4, units.length, true);
  for (let i = 0; i < units.length; i++) view.setUint16(8 + i * 2, units.charCodeAt(i), true);
  return bytes;
}

function filetime(date: Date): Uint8Array {
  const bytes = new Uint8Array(12);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, VT_FILETIME, true);
  view.setBigUint64(4, BigInt(date.getTime()) * 10_000n + FILETIME_EPOCH_OFFSET, true);
  return bytes;
}

function int32(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, VT_I4, true);
  view.setInt32(4, value, true);
  return bytes;
}

/** 한글 writes the date as words too: "2026년 11월 25일 수요일 오후 6:03:12" (Korean time). */
function koreanDate(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('ko-KR', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}년 ${parts.month}월 ${parts.day}일 ${parts.weekday} ${parts.dayPeriod} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The whole stream: header, one property set, its id/offset table and the values. */
export function hwpSummaryInformation(summary: HwpSummary): Uint8Array {
  const properties: Property[] = [
    { id: HWP_SUMMARY_PID.title, value: lpwstr(summary.title) },
    { id: HWP_SUMMARY_PID.subject, value: lpwstr('') },
    { id: HWP_SUMMARY_PID.author, value: lpwstr(summary.author) },
    { id: HWP_SUMMARY_PID.date, value: lpwstr(koreanDate(summary.at)) },
    { id: HWP_SUMMARY_PID.keywords, value: lpwstr('') },
    { id: HWP_SUMMARY_PID.comments, value: lpwstr('') },
    { id: HWP_SUMMARY_PID.lastAuthor, value: lpwstr(summary.author) },
    { id: HWP_SUMMARY_PID.revision, value: lpwstr('Ssaem') },
    { id: HWP_SUMMARY_PID.created, value: filetime(summary.at) },
    { id: HWP_SUMMARY_PID.saved, value: filetime(summary.at) },
    // 한글 counts pages when it saves; a writer that does not lay out pages leaves 0, as 한글 may.
    { id: HWP_SUMMARY_PID.pages, value: int32(0) },
  ];
  const tableLength = 8 + properties.length * 8;
  const setLength = tableLength + properties.reduce((sum, property) => sum + property.value.length, 0);
  const headerLength = 48;
  const bytes = new Uint8Array(headerLength + setLength);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfffe, true); // byte order
  view.setUint16(2, 0, true); // version
  view.setUint32(4, 0x00020105, true); // system: Windows, as 한글 writes it
  bytes.set(HWP_SUMMARY_FMTID, 8); // class id
  view.setUint32(24, 1, true); // one property set
  bytes.set(HWP_SUMMARY_FMTID, 28);
  view.setUint32(44, headerLength, true);

  view.setUint32(headerLength, setLength, true);
  view.setUint32(headerLength + 4, properties.length, true);
  let offset = tableLength;
  properties.forEach((property, index) => {
    view.setUint32(headerLength + 8 + index * 8, property.id, true);
    view.setUint32(headerLength + 12 + index * 8, offset, true);
    bytes.set(property.value, headerLength + offset);
    offset += property.value.length;
  });
  return bytes;
}
