import { DATE_AND_TIME, formatDate } from '../../lib/format';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Dates on the board: the day in the list, the day and time on a notice. */
export function formatNoticeDate(iso: string, language: string, withTime = false): string {
  return formatDate(iso, language === 'en' ? 'en-GB' : 'ko-KR', withTime ? DATE_AND_TIME : DAY);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
