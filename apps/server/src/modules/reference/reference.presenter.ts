import type { AchievementStandard, Code, School } from '@ssaem/contracts';
import type { CodeRow, SchoolRow, StandardRow } from '../../db/schema.ts';

export function presentCode(row: CodeRow): Code {
  return { ...row, groupCode: row.groupCode as Code['groupCode'] };
}

export function presentSchool(row: Pick<SchoolRow, keyof School>): School {
  return {
    id: row.id,
    schoolCode: row.schoolCode,
    name: row.name,
    engName: row.engName,
    level: row.level,
    levelCodeSeq: row.levelCodeSeq,
    officeName: row.officeName,
    address: row.address,
  };
}

export function presentStandard(row: StandardRow): AchievementStandard {
  return {
    curriculum: row.curriculum,
    code: row.code,
    statement: row.statement,
    schoolLevel: row.schoolLevel,
    gradeBand: row.gradeBand,
    subjectGroup: row.subjectGroup,
    subject: row.subject,
    area: row.area,
    levels: row.levels ? (JSON.parse(row.levels) as AchievementStandard['levels']) : [],
  };
}
