import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { NewSchool, NewStandard } from '../../db/schema.ts';
import { levelByName } from './code-table.ts';

/**
 * Readers for the reference data the repository ships in `reference-data/` (its README lists the
 * sources and terms; REFERENCE_DATA_DIR points elsewhere). Each reader returns null when its file
 * is absent so the product still starts with what the database already holds.
 */
export const REFERENCE_FILES = {
  neisSchools: 'schools/neis-schools-2020-12.csv',
  schoolLocations: 'schools/school-locations-2026-03-20.csv',
  standards2022: 'curriculum/standards-2022.csv',
  standards2015Middle: 'curriculum/standards-2015-middle.json',
  subjects2022: 'subjects/subjects_2022_by_course.csv',
} as const;

type CsvRecord = Record<string, string>;

function readCsv(dir: string, file: string): CsvRecord[] | null {
  const path = join(dir, file);
  if (!existsSync(path)) return null;
  return parse(readFileSync(path), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    trim: true,
  }) as CsvRecord[];
}

/** A cheap content fingerprint so a seed re-imports only when the files changed. */
export function fingerprintFiles(dir: string, files: string[]): string | null {
  const hash = createHash('sha256');
  for (const file of files) {
    const path = join(dir, file);
    if (!existsSync(path)) return null;
    hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 32);
}

const blank = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);
const fixBlank = (value: string | undefined, fix: (text: string) => string): string | null => {
  const text = blank(value);
  return text === null ? null : fix(text);
};

function officeKey(name: string, office: string | undefined): string {
  return `${name.replace(/\s+/g, '')}|${office ?? ''}`;
}

/**
 * The national school list. The 2026 location dataset is authoritative for which elementary,
 * middle and high schools operate; the 2020 NEIS export adds English names, phones, homepages and
 * the special, alternative and lifelong schools the location dataset does not cover. NEIS-only
 * 초/중/고 rows are schools closed or renamed since 2020 and are left out.
 */
export function readSchools(dir: string): NewSchool[] | null {
  const locations = readCsv(dir, REFERENCE_FILES.schoolLocations);
  const neis = readCsv(dir, REFERENCE_FILES.neisSchools);
  if (!locations && !neis) return null;
  const neisByKey = new Map((neis ?? []).map((row) => [officeKey(row.학교명 ?? '', row.시도교육청명), row]));
  const schools = new Map<string, NewSchool>();
  const matched = new Set<string>();

  for (const row of locations ?? []) {
    if (row.운영상태 && row.운영상태 !== '운영') continue;
    const key = officeKey(row.학교명 ?? '', row.시도교육청명);
    const twin = neisByKey.get(key);
    if (twin) matched.add(key);
    const school = toSchool({
      code: blank(twin?.표준학교코드) ?? row.학교ID ?? '',
      name: row.학교명 ?? '',
      level: row.학교급구분 ?? '',
      office: row.시도교육청명,
      address: blank(row.소재지도로명주소) ?? blank(row.소재지지번주소),
      twin,
    });
    school.latitude = Number(row.위도) || null;
    school.longitude = Number(row.경도) || null;
    schools.set(school.schoolCode, school);
  }
  const coveredLevels = new Set(['초등학교', '중학교', '고등학교']);
  for (const row of neis ?? []) {
    const key = officeKey(row.학교명 ?? '', row.시도교육청명);
    if (matched.has(key)) continue;
    if (locations && coveredLevels.has(row.학교종류명 ?? '')) continue;
    const school = toSchool({
      code: row.표준학교코드 ?? '',
      name: row.학교명 ?? '',
      level: row.학교종류명 ?? '',
      office: row.시도교육청명,
      address: blank(row.도로명주소),
      twin: row,
    });
    if (!schools.has(school.schoolCode)) schools.set(school.schoolCode, school);
  }
  return [...schools.values()].filter((school) => school.schoolCode && school.name);
}

function toSchool(input: {
  code: string;
  name: string;
  level: string;
  office: string | undefined;
  address: string | null;
  twin: CsvRecord | undefined;
}): NewSchool {
  return {
    schoolCode: input.code,
    name: input.name,
    engName: blank(input.twin?.영문학교명),
    level: input.level,
    levelCodeSeq: levelByName(input.level)?.codeSeq ?? null,
    officeName: blank(input.office),
    address: input.address,
    phone: blank(input.twin?.전화번호),
    homepage: blank(input.twin?.홈페이지주소),
    latitude: null,
    longitude: null,
  };
}

const SPACING_FIXES_FILE = fileURLToPath(new URL('./standard-spacing-fixes.tsv', import.meta.url));

/** The spacing fixes of the 2022 standards (standard-spacing-fixes.tsv): [before, after] pairs. */
export function readSpacingFixes(): [string, string][] {
  return readFileSync(SPACING_FIXES_FILE, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#') && line !== 'before\tafter')
    .map((line) => line.split('\t') as [string, string]);
}

/** The fixes' own fingerprint, so a changed list re-imports the standards. */
export function spacingFixesFingerprint(): string {
  return createHash('sha256').update(readFileSync(SPACING_FIXES_FILE)).digest('hex').slice(0, 16);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Mends the PDF extract's broken spacing ("유 용성" → "유용성", "누구로살아 갈까" → "누구로 살아갈까"):
 * each listed fix applies where its text starts a word, never inside another word.
 */
export function createSpacingFixer(fixes: [string, string][] = readSpacingFixes()) {
  const byBefore = new Map(fixes);
  const pattern = fixes.length
    ? new RegExp(
        `(?<![가-힣])(${[...byBefore.keys()]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|')})`,
        'g',
      )
    : null;
  const once = (text: string) =>
    pattern ? text.replace(pattern, (found) => byBefore.get(found) ?? found) : text;
  // Fixes can touch ("누구로살아 갈까" takes two): applied until nothing changes.
  return (text: string): string => {
    let current = text;
    for (let pass = 0; pass < 3; pass++) {
      const next = once(current);
      if (next === current) break;
      current = next;
    }
    return current;
  };
}

function bracketCode(code: string): string {
  const trimmed = code.trim();
  return trimmed.startsWith('[') ? trimmed : `[${trimmed}]`;
}

function levelsFromJson(json: string | undefined, fix: (text: string) => string): string | null {
  if (!json?.trim()) return null;
  const parsed = JSON.parse(json) as Record<string, string>;
  const levels = Object.entries(parsed)
    .filter(([, description]) => typeof description === 'string' && description.trim())
    .map(([level, description]) => ({ level, description: fix(description.trim()) }));
  return levels.length ? JSON.stringify(levels) : null;
}

/** 2022 standards for every level; rows without a statement cannot ground anything and are skipped. */
export function readStandards2022(dir: string): NewStandard[] | null {
  const rows = readCsv(dir, REFERENCE_FILES.standards2022);
  if (!rows) return null;
  const fix = createSpacingFixer();
  return rows
    .filter((row) => row.code && row.statement?.trim())
    .map((row) => ({
      curriculum: 2022,
      code: bracketCode(row.code ?? ''),
      schoolLevel: row.school ?? '',
      gradeBand: row.grade_band ?? '',
      subjectGroup: row.subject_group ?? '',
      subject: blank(row.course) ?? row.subject_group ?? '',
      area: fixBlank(row.area_elementary_only, fix),
      statement: fix((row.statement ?? '').trim()),
      levels: levelsFromJson(row.levels_json, fix),
      needsReview: row.needs_review === 'True' ? 1 : 0,
    }));
}

interface Standard2015Entry {
  id: string;
  chapter?: string;
  title: string;
}

/** 2015 middle-school standards: { 중학교: { subject group: { subject: entries[] } } }. */
export function readStandards2015Middle(dir: string): NewStandard[] | null {
  const path = join(dir, REFERENCE_FILES.standards2015Middle);
  if (!existsSync(path)) return null;
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<
    string,
    Record<string, Record<string, Standard2015Entry[]>>
  >;
  const standards: NewStandard[] = [];
  for (const [group, subjects] of Object.entries(data.중학교 ?? {})) {
    for (const [subject, entries] of Object.entries(subjects)) {
      for (const entry of entries) {
        if (!entry.id || !entry.title?.trim()) continue;
        standards.push({
          curriculum: 2015,
          code: bracketCode(entry.id),
          schoolLevel: '중',
          gradeBand: '중1-3',
          subjectGroup: group,
          subject,
          area: blank(entry.chapter),
          statement: entry.title.trim(),
          levels: null,
          needsReview: 0,
        });
      }
    }
  }
  return standards;
}

/** 고 elective course names of the 2022 curriculum, for the 고2–3 subject codes. */
export function readHighSchoolElectives(dir: string): string[] {
  const rows = readCsv(dir, REFERENCE_FILES.subjects2022) ?? [];
  const names = rows
    .filter((row) => row.school === '고' && row.grade_band === '고(선택)' && row.course?.trim())
    .map((row) => (row.course ?? '').trim());
  return [...new Set(names)];
}
