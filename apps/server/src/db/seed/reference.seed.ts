import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildCodeRows } from '../../modules/reference/code-table.ts';
import { PUBLISHER_CATALOGUE } from '../../modules/reference/publisher-catalogue.ts';
import {
  fingerprintFiles,
  REFERENCE_FILES,
  readHighSchoolElectives,
  readSchools,
  readStandards2015Middle,
  readStandards2022,
  spacingFixesFingerprint,
} from '../../modules/reference/reference-files.ts';
import type { Database } from '../schema.ts';
import { edutechImport } from './edutech.seed.ts';

const BATCH = 400;
// Bump when the import logic changes, so existing databases re-import the same files.
const IMPORT_VERSION = 'v1';

export interface ReferenceImportReport {
  name: string;
  rows: number;
  skipped: 'unchanged' | 'missing' | null;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

async function importOnce(
  db: Kysely<Database>,
  name: string,
  fingerprint: string | null,
  load: (trx: Kysely<Database>) => Promise<number>,
): Promise<ReferenceImportReport> {
  if (!fingerprint) return { name, rows: 0, skipped: 'missing' };
  const stamp = `${IMPORT_VERSION}:${fingerprint}`;
  const previous = await db
    .selectFrom('referenceImport')
    .select('fingerprint')
    .where('name', '=', name)
    .executeTakeFirst();
  if (previous?.fingerprint === stamp) return { name, rows: 0, skipped: 'unchanged' };
  const rows = await db.transaction().execute(async (trx) => {
    const count = await load(trx);
    const record = { fingerprint: stamp, rowCount: count, importedAt: new Date().toISOString() };
    await trx
      .insertInto('referenceImport')
      .values({ name, ...record })
      .onConflict((oc) => oc.column('name').doUpdateSet(record))
      .execute();
    return count;
  });
  return { name, rows, skipped: null };
}

/**
 * Loads the code table, school list, achievement standards, publishers and the edutech catalogue. Each dataset is
 * re-imported only when its files changed; rows are upserted so ids other records hold stay put.
 */
export async function seedReferenceData(db: Kysely<Database>, dir: string): Promise<ReferenceImportReport[]> {
  const reports: ReferenceImportReport[] = [];
  const electivesPrint = fingerprintFiles(dir, [REFERENCE_FILES.subjects2022]) ?? 'no-electives';
  reports.push(
    await importOnce(db, 'codes', `codes-${electivesPrint}`, async (trx) => {
      const rows = buildCodeRows(readHighSchoolElectives(dir));
      for (const batch of chunks(rows)) {
        await trx
          .insertInto('code')
          .values(batch)
          .onConflict((oc) =>
            oc.column('codeSeq').doUpdateSet((eb) => ({
              parentSeq: eb.ref('excluded.parentSeq'),
              groupCode: eb.ref('excluded.groupCode'),
              name: eb.ref('excluded.name'),
              translation: eb.ref('excluded.translation'),
              sortOrder: eb.ref('excluded.sortOrder'),
            })),
          )
          .execute();
      }
      return rows.length;
    }),
  );

  const schoolFiles = [REFERENCE_FILES.schoolLocations, REFERENCE_FILES.neisSchools];
  reports.push(
    await importOnce(db, 'schools', fingerprintFiles(dir, schoolFiles), async (trx) => {
      const schools = readSchools(dir) ?? [];
      for (const batch of chunks(schools)) {
        await trx
          .insertInto('school')
          .values(batch)
          .onConflict((oc) =>
            oc.column('schoolCode').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              engName: eb.ref('excluded.engName'),
              level: eb.ref('excluded.level'),
              levelCodeSeq: eb.ref('excluded.levelCodeSeq'),
              officeName: eb.ref('excluded.officeName'),
              address: eb.ref('excluded.address'),
              phone: eb.ref('excluded.phone'),
              homepage: eb.ref('excluded.homepage'),
              latitude: eb.ref('excluded.latitude'),
              longitude: eb.ref('excluded.longitude'),
            })),
          )
          .execute();
      }
      return schools.length;
    }),
  );

  const standardFiles = [REFERENCE_FILES.standards2022, REFERENCE_FILES.standards2015Middle];
  reports.push(
    await importOnce(db, 'standards', standardsFingerprint(dir, standardFiles), async (trx) => {
      const standards = [...(readStandards2022(dir) ?? []), ...(readStandards2015Middle(dir) ?? [])];
      for (const batch of chunks(dedupeStandards(standards))) {
        await trx
          .insertInto('standard')
          .values(batch)
          .onConflict((oc) =>
            oc.columns(['curriculum', 'code']).doUpdateSet((eb) => ({
              schoolLevel: eb.ref('excluded.schoolLevel'),
              gradeBand: eb.ref('excluded.gradeBand'),
              subjectGroup: eb.ref('excluded.subjectGroup'),
              subject: eb.ref('excluded.subject'),
              area: eb.ref('excluded.area'),
              statement: eb.ref('excluded.statement'),
              levels: eb.ref('excluded.levels'),
              needsReview: eb.ref('excluded.needsReview'),
            })),
          )
          .execute();
      }
      return standards.length;
    }),
  );

  reports.push(
    await importOnce(
      db,
      'publishers',
      `publishers-${createHash('sha256').update(JSON.stringify(PUBLISHER_CATALOGUE)).digest('hex').slice(0, 16)}`,
      async (trx) => {
        const rows = Object.entries(PUBLISHER_CATALOGUE).flatMap(([schoolLevel, subjects]) =>
          Object.entries(subjects).flatMap(([subject, names]) =>
            names.map((name, i) => ({ name, author: '', schoolLevel, subject, sortOrder: i + 1 })),
          ),
        );
        for (const batch of chunks(rows)) {
          await trx
            .insertInto('publisher')
            .values(batch)
            .onConflict((oc) => oc.columns(['schoolLevel', 'subject', 'name', 'author']).doNothing())
            .execute();
        }
        return rows.length;
      },
    ),
  );

  const edutech = edutechImport(dir);
  reports.push(await importOnce(db, 'edutech', edutech.fingerprint, edutech.load));
  return reports;
}

/** The files' fingerprint and the spacing fixes': a changed fix list re-imports the same files. */
function standardsFingerprint(dir: string, files: string[]): string | null {
  const filesPrint = fingerprintFiles(dir, files);
  return filesPrint && `${filesPrint}:${spacingFixesFingerprint()}`;
}

/** A code listed twice in one source keeps its first statement; an upsert batch cannot hold both. */
function dedupeStandards<T extends { curriculum: number; code: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.curriculum}${row.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
