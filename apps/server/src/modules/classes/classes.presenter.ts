import type { Classroom, Student } from '@ssaem/contracts';
import type { Actor } from '../../policies/actor.ts';
import { classroomAbilities } from '../../policies/classroom.policy.ts';
import { classroomLabel } from './access-log.service.ts';
import type { ClassroomRow, StudentRow } from './classes.repository.ts';

export function presentClassroom(actor: Actor, row: ClassroomRow): Classroom {
  return {
    id: row.id,
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    schoolYear: row.schoolYear,
    grade: row.grade,
    classNumber: row.classNumber,
    name: row.name,
    label: classroomLabel(row),
    homeroomTeacherId: row.homeroomTeacherId,
    homeroomTeacherName: row.homeroomTeacherName,
    studentCount: row.studentCount,
    abilities: classroomAbilities(actor, row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentStudent(row: StudentRow): Student {
  return {
    id: row.id,
    classroomId: row.classroomId,
    number: row.number,
    name: row.name,
    gender: row.gender,
    birthDate: row.birthDate,
    studentUserId: row.studentUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
