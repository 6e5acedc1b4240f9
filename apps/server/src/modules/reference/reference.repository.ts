import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Escapes LIKE wildcards in user text; the queries declare `\` as the escape character. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createReferenceRepository(db: Kysely<Database>) {
  return {
    listCodes(filter: { groupCode?: string | undefined; parentSeq?: number | undefined }) {
      let query = db.selectFrom('code').selectAll();
      if (filter.groupCode) query = query.where('groupCode', '=', filter.groupCode);
      if (filter.parentSeq !== undefined) query = query.where('parentSeq', '=', filter.parentSeq);
      return query.orderBy('groupCode').orderBy('parentSeq').orderBy('sortOrder').execute();
    },

    findCode(codeSeq: number) {
      return db.selectFrom('code').selectAll().where('codeSeq', '=', codeSeq).executeTakeFirst();
    },

    async searchSchools(input: { column: 'name' | 'address'; text: string; offset: number; limit: number }) {
      const pattern = likeContains(input.text);
      const base = db
        .selectFrom('school')
        .where(sql<boolean>`${sql.ref(input.column)} like ${pattern} escape '\\'`);
      const [rows, total] = await Promise.all([
        base
          .select(['id', 'schoolCode', 'name', 'engName', 'level', 'levelCodeSeq', 'officeName', 'address'])
          // Exact and prefix matches first: "가락중" should find 가락중학교 before 서울가락초등학교.
          .orderBy(
            sql`case when ${sql.ref('name')} = ${input.text} then 0 when ${sql.ref('name')} like ${`${input.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\' then 1 else 2 end`,
          )
          .orderBy('name')
          .orderBy('id')
          .offset(input.offset)
          .limit(input.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.total) };
    },

    findSchoolById(id: number) {
      return db.selectFrom('school').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listStandards(filter: {
      curriculum?: number | undefined;
      gradeBand?: string | undefined;
      subject?: string | undefined;
      keyword?: string | undefined;
      code?: string | undefined;
      offset: number;
      limit: number;
    }) {
      let base = db.selectFrom('standard');
      if (filter.curriculum) base = base.where('curriculum', '=', filter.curriculum);
      if (filter.gradeBand) base = base.where('gradeBand', '=', filter.gradeBand);
      if (filter.subject) {
        const subject = filter.subject;
        base = base.where((eb) => eb.or([eb('subject', '=', subject), eb('subjectGroup', '=', subject)]));
      }
      if (filter.code) base = base.where('code', '=', filter.code);
      if (filter.keyword) {
        const pattern = likeContains(filter.keyword);
        base = base.where((eb) =>
          eb.or([
            sql<boolean>`${sql.ref('statement')} like ${pattern} escape '\\'`,
            sql<boolean>`${sql.ref('area')} like ${pattern} escape '\\'`,
            sql<boolean>`${sql.ref('code')} like ${pattern} escape '\\'`,
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('curriculum')
          .orderBy('code')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.total) };
    },

    listPublishers(schoolLevel: string, subject: string | undefined) {
      let query = db
        .selectFrom('publisher')
        .select(['seq', 'name', 'author'])
        .where('schoolLevel', '=', schoolLevel);
      if (subject) query = query.where('subject', '=', subject);
      return query.orderBy('sortOrder').orderBy('seq').execute();
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
