import {
  LIBRARY_COUNT_CAP,
  LIBRARY_FILTERS,
  LIBRARY_TABS,
  MATERIAL_TYPES,
  type MaterialType,
} from '@ssaem/contracts/library';
import { numberFormat } from '../../lib/format';

export type LibraryTab = (typeof LIBRARY_TABS)[number];
export type LibraryFilter = (typeof LIBRARY_FILTERS)[number];

/** The search as the URL keeps it, so a reload or a shared address shows the same results. */
export interface LibrarySearchParams {
  tab: LibraryTab;
  filter: LibraryFilter;
  keyword?: string;
  gradeSeq?: number;
  subjectSeq?: number;
  /** A subject by name, chosen without a grade: every grade's subject of that name. */
  subject?: string;
  materialType?: MaterialType;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

export function readSearchParams(params: URLSearchParams): LibrarySearchParams {
  const result: LibrarySearchParams = {
    tab: oneOf(LIBRARY_TABS, params.get('tab')) ?? 'OUR_SCHOOL',
    filter: oneOf(LIBRARY_FILTERS, params.get('filter')) ?? 'ALL',
  };
  const keyword = params.get('keyword')?.trim();
  if (keyword) result.keyword = keyword.slice(0, 100);
  const gradeSeq = positiveInt(params.get('gradeSeq'));
  if (gradeSeq) result.gradeSeq = gradeSeq;
  const subjectSeq = positiveInt(params.get('subjectSeq'));
  if (gradeSeq && subjectSeq) result.subjectSeq = subjectSeq;
  const subject = params.get('subject')?.trim();
  if (!gradeSeq && subject) result.subject = subject.slice(0, 40);
  const materialType = oneOf(MATERIAL_TYPES, params.get('materialType'));
  if (materialType) result.materialType = materialType;
  return result;
}

/** Defaults stay out of the URL. */
export function writeSearchParams(search: LibrarySearchParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search.tab !== 'OUR_SCHOOL') params.set('tab', search.tab);
  if (search.filter !== 'ALL') params.set('filter', search.filter);
  if (search.keyword) params.set('keyword', search.keyword);
  if (search.gradeSeq) params.set('gradeSeq', String(search.gradeSeq));
  if (search.gradeSeq && search.subjectSeq) params.set('subjectSeq', String(search.subjectSeq));
  if (!search.gradeSeq && search.subject) params.set('subject', search.subject);
  if (search.materialType) params.set('materialType', search.materialType);
  return params;
}

/** "1,000+" once the server stops counting. */
export function formatTotal(total: number, capped: boolean, locale: string): string {
  const format = numberFormat(locale);
  return capped ? `${format.format(Math.max(total, LIBRARY_COUNT_CAP))}+` : format.format(total);
}

/** Plain-text paragraphs (the server separates them with \n); blank lines dropped. */
export function toParagraphs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
