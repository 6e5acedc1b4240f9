import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EdutechCategory, EdutechLevel, EdutechPriceType } from '@ssaem/contracts';
import type { NewEdutechProduct } from '../../db/edutech-schema.ts';
import { searchableText } from '../library/search-grams.ts';

/** The edutech dataset in the reference data (reference-data/README.md lists its source). */
export const EDUTECH_FILE = 'edutech/edutech_products_techkwon_2025.json';

export interface EdutechSourceRow {
  대분류: string;
  중분류: string;
  소분류: string;
  에듀테크명: string;
  운영현황: string;
  주요변경사항및핵심특징: string;
  공식웹사이트: string;
  가격정책: string;
  주요대상: string;
}

/**
 * The dataset sorts products by what kind of tool they are (대/중/소분류); the screen's categories
 * are mostly subjects. A product goes to the first subject its name or features name, then by
 * its kind: SW/AI education → information coding, immersive content → metaverse VR/AR, authoring
 * and video tools and mind maps → creative fusion, everything else (class management, quizzes,
 * video classes, collaboration, teaching material) → classwork support. The original stays too.
 */
const SUBJECT_RULES: [EdutechCategory, RegExp][] = [
  ['MATH', /수학|매쓰|\bmath|number piece|알지오|콴다/i],
  ['ENGLISH', /영어|english|단어장|클래스카드/i],
  ['KOREAN_READING', /국어|독서|글쓰기|책 만들기|book ?creator/i],
  ['SOCIAL_SCIENCE', /과학|천체|지구|박물관|역사|사회|지리/],
  ['ARTS_PE', /음악|작곡|미술|그림|드로잉|드로우|색칠|디자인|애니메이션|아트|체육|페인트/i],
  ['CAREER', /진로|진학|직업/],
];
const KIND_RULES: [EdutechCategory, (row: EdutechSourceRow) => boolean][] = [
  ['INFO_CODING', (row) => row.소분류 === 'SW 교육' || row.소분류 === 'AI 교육'],
  ['METAVERSE', (row) => row.소분류 === '실감형 콘텐츠'],
  [
    'INFO_CODING',
    (row) => /코딩|파이썬|프로그래밍|머신러닝/.test(`${row.에듀테크명} ${row.주요변경사항및핵심특징}`),
  ],
  ['METAVERSE', (row) => /메타버스|증강현실|가상현실|\bVR\b|\bAR\b/.test(row.주요변경사항및핵심특징)],
  ['CREATIVE_FUSION', (row) => row.대분류 === '창작' || row.소분류 === '마인드맵'],
];

export function mapCategory(row: EdutechSourceRow): EdutechCategory {
  const text = `${row.에듀테크명} ${row.주요변경사항및핵심특징}`;
  for (const [category, pattern] of SUBJECT_RULES) if (pattern.test(text)) return category;
  for (const [category, test] of KIND_RULES) if (test(row)) return category;
  return 'CLASSWORK';
}

const LEVEL_WORDS: Record<string, EdutechLevel> = {
  유: 'KINDERGARTEN',
  초: 'ELEMENTARY',
  중: 'MIDDLE',
  고: 'HIGH',
  대학: 'UNIVERSITY',
  연구: 'UNIVERSITY',
  일반: 'GENERAL',
  기업: 'GENERAL',
  기관: 'GENERAL',
  교원: 'TEACHER',
};

/** "초, 중, 고, 일반" → ELEMENTARY, MIDDLE, HIGH, GENERAL (in the contract's order). */
export function mapLevels(target: string): EdutechLevel[] {
  const found = new Set<EdutechLevel>();
  for (const word of target.split(/[,·/\s]+/)) {
    const level = LEVEL_WORDS[word.trim()];
    if (level) found.add(level);
  }
  const order = ['KINDERGARTEN', 'ELEMENTARY', 'MIDDLE', 'HIGH', 'UNIVERSITY', 'GENERAL', 'TEACHER'];
  return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export function mapPriceType(policy: string): EdutechPriceType {
  const text = policy.replace(/\s+/g, '');
  if (text.startsWith('무료')) return 'FREE';
  if (text.startsWith('부분유료')) return 'PARTLY_PAID';
  if (/유료|B2B|B2G/.test(text)) return 'PAID';
  return 'OTHER';
}

/** The text a product name search looks in: the name and vendor, normalised as keywords are. */
export function productSearchText(name: string, vendorName?: string | null): string {
  return ` ${searchableText(`${name} ${vendorName ?? ''}`)} `;
}

/** Level flags and the stored level list of a product. */
export function levelColumns(levels: readonly EdutechLevel[]) {
  return {
    levels: levels.join(','),
    forElementary: levels.includes('ELEMENTARY') ? 1 : 0,
    forMiddle: levels.includes('MIDDLE') ? 1 : 0,
    forHigh: levels.includes('HIGH') ? 1 : 0,
  };
}

/** The dataset's products as catalogue rows, or null when the file is not there. */
export function readEdutechProducts(dir: string, now: string): NewEdutechProduct[] | null {
  const path = join(dir, EDUTECH_FILE);
  if (!existsSync(path)) return null;
  const rows = JSON.parse(readFileSync(path, 'utf8')) as EdutechSourceRow[];
  return rows
    .filter((row) => row.에듀테크명?.trim())
    .map((row) => {
      const name = row.에듀테크명.trim();
      const site = row.공식웹사이트?.trim();
      return {
        sourceKey: name,
        vendorId: null,
        name,
        searchText: productSearchText(name),
        category: mapCategory(row),
        categoryMajor: row.대분류?.trim() || null,
        categoryMiddle: row.중분류?.trim() || null,
        categoryMinor: row.소분류?.trim() || null,
        ...levelColumns(mapLevels(row.주요대상 ?? '')),
        targetText: row.주요대상?.trim() || null,
        pricePolicy: row.가격정책?.trim() || '해당 없음',
        priceType: mapPriceType(row.가격정책 ?? ''),
        description: row.주요변경사항및핵심특징?.trim() ?? '',
        siteUrl: site && /^https?:\/\//i.test(site) ? site : null,
        serviceStatus: row.운영현황?.includes('종료') ? 'ENDED' : 'ACTIVE',
        reviewStatus: 'APPROVED',
        reviewNote: null,
        logoKey: null,
        screenshotKey: null,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
        approvedAt: now,
      };
    });
}

/**
 * The grams a product's search text holds wherever it holds a search term (PostgreSQL's gram
 * index, migration 0045, has every character and pair of a name): the term itself when it is one
 * character, else its consecutive pairs. LIKE then confirms they are in order.
 */
export function termGrams(term: string): string[] {
  const chars = [...term];
  if (chars.length < 2) return chars;
  return [...new Set(chars.slice(0, -1).map((char, i) => char + chars[i + 1]))];
}
