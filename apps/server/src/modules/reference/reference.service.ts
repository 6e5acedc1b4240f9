import { AppError } from '../../platform/errors/app-error.ts';
import { gradeBySeq } from './code-table.ts';
import { publisherSubjectKey } from './publisher-catalogue.ts';
import { presentCode, presentSchool, presentStandard } from './reference.presenter.ts';
import type { ReferenceRepository } from './reference.repository.ts';

/** "4국01-01" and "[4국01-01]" name the same standard. */
export function normaliseStandardCode(code: string): string {
  const trimmed = code.trim().replace(/^\[|\]$/g, '');
  return `[${trimmed}]`;
}

export function createReferenceService(repository: ReferenceRepository) {
  return {
    async listCodes(filter: { groupCode?: string | undefined; parentSeq?: number | undefined }) {
      return (await repository.listCodes(filter)).map(presentCode);
    },

    async getCode(codeSeq: number) {
      const row = await repository.findCode(codeSeq);
      if (!row) throw new AppError('E_NOT_FOUND');
      return presentCode(row);
    },

    async searchSchools(input: {
      searchType: 'name' | 'address';
      searchText: string;
      pageIndex: number;
      pageSize: number;
    }) {
      // School names carry no spaces ("서울가락초등학교"); teachers often type "서울 가락".
      const text = input.searchType === 'name' ? input.searchText.replace(/\s+/g, '') : input.searchText;
      const { rows, total } = await repository.searchSchools({
        column: input.searchType,
        text,
        offset: input.pageIndex * input.pageSize,
        limit: input.pageSize,
      });
      return { items: rows.map(presentSchool), total, pageIndex: input.pageIndex, pageSize: input.pageSize };
    },

    /** A school by id, or undefined; used by signup and users/info. */
    async findSchool(id: number) {
      return repository.findSchoolById(id);
    },

    async listStandards(input: {
      curriculum?: number | undefined;
      gradeBand?: string | undefined;
      subject?: string | undefined;
      keyword?: string | undefined;
      code?: string | undefined;
      pageIndex: number;
      pageSize: number;
    }) {
      const { rows, total } = await repository.listStandards({
        ...input,
        code: input.code ? normaliseStandardCode(input.code) : undefined,
        offset: input.pageIndex * input.pageSize,
        limit: input.pageSize,
      });
      return {
        items: rows.map(presentStandard),
        total,
        pageIndex: input.pageIndex,
        pageSize: input.pageSize,
      };
    },

    /** Publishers for a grade code: the grade gives the school level; the subject is a code or a name. */
    async listPublishers(gradeSeq: number, subject: string | undefined) {
      const grade = gradeBySeq(gradeSeq);
      if (!grade) throw new AppError('E_NOT_FOUND');
      let subjectName = subject;
      if (subject && /^\d+$/.test(subject)) {
        const code = await repository.findCode(Number(subject));
        if (code?.groupCode !== 'SUBJECT' || code.parentSeq !== gradeSeq) throw new AppError('E_NOT_FOUND');
        subjectName = code.name;
      }
      const key = subjectName ? publisherSubjectKey(subjectName) : undefined;
      return repository.listPublishers(grade.level.short, key);
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
