import { randomInt } from 'node:crypto';
import {
  type ClassGroupConstraints,
  type ClassGroupInput,
  type ClassGroupParseResult,
  type ClassGroupResult,
  type ClassGroupStudent,
  type ClassGroupUpdate,
  classGroupConstraintsSchema,
  classGroupResultSchema,
} from '@ssaem/contracts';
import { doc, type ExportFormat, exportDocument, heading, paragraph, table } from '@ssaem/documents';
import { z } from 'zod';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import type { AccessContext } from '../../classes/access-log.service.ts';
import { downloadName } from '../../documents/content-disposition.ts';
import type { FileToSend } from '../../documents/documents.service.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { asMaterial, createToolItems, sharingOf } from '../tool-items.ts';
import { PARSE_SYSTEM_PROMPT, parseConstraintsByRules } from './class-group.parser.ts';
import { describeGroups, solveGroups } from './class-group.solver.ts';

export const CLASS_GROUP = 'CLASS_GROUP';

/** What a stored item's input holds: the whole form, the roster as it was used, and the seed. */
export type StoredClassGroupInput = ClassGroupInput & { students: ClassGroupStudent[]; seed: number };

const modelConstraintsSchema = z.object({
  groupSize: z.number().int().nullable(),
  mixGender: z.boolean().nullable(),
  spreadLevel: z.boolean().nullable(),
  apart: z.array(z.tuple([z.string(), z.string()])),
  together: z.array(z.tuple([z.string(), z.string()])),
  understood: z.array(z.string()),
});

function solve(input: StoredClassGroupInput): ClassGroupResult {
  const constraints = classGroupConstraintsSchema.parse(input.constraints);
  const indices = solveGroups(input.students, constraints, input.seed);
  const groups = indices.map((members) => members.map((i) => input.students[i] as ClassGroupStudent));
  return classGroupResultSchema.parse({
    ...describeGroups(groups, constraints),
    constraints,
    seed: input.seed,
  });
}

/**
 * 모둠 편성 on the document pipeline: the form (with the roster it used) is the item's input, the
 * solver runs as the item's generation job, the result is the item's content. The roster of a class
 * is read under the classes policy and the access log records it; nothing here calls a model
 * except `parse`, which sees placeholders instead of names.
 */
export function createClassGroupService(deps: {
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  roster: (context: AccessContext, classroomId: number) => Promise<{ name: string; gender: 'M' | 'F' }[]>;
}) {
  deps.generation.register(CLASS_GROUP, async ({ input }) => ({
    content: solve(input as StoredClassGroupInput),
  }));

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: CLASS_GROUP,
    resultSchema: classGroupResultSchema,
  });

  /** The students the form names: the class's roster (levels from the pasted list by name) or the list. */
  async function studentsOf(context: AccessContext, input: ClassGroupInput): Promise<ClassGroupStudent[]> {
    if (!input.classroomId) return input.students;
    const pasted = new Map(input.students.map((s) => [s.name, s]));
    const roster = await deps.roster(context, input.classroomId);
    if (roster.length < 2)
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'classroomId', message: '학급 명단에 학생이 두 명 이상 있어야 합니다.' }],
      });
    return roster.map((s) => ({ name: s.name, gender: s.gender, level: pasted.get(s.name)?.level ?? null }));
  }

  async function stored(context: AccessContext, input: ClassGroupInput): Promise<StoredClassGroupInput> {
    const students = await studentsOf(context, input);
    return { ...input, students, seed: input.seed ?? randomInt(1, 2_147_483_647) };
  }

  function inputOf(item: { input: string }): StoredClassGroupInput {
    return JSON.parse(item.input) as StoredClassGroupInput;
  }

  async function editable(actor: Actor, id: number) {
    const item = await items.visible(actor, id);
    if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
    return item;
  }

  return {
    items,
    list: items.list,
    remove: items.remove,
    copy: items.copy,

    /** The item with the form it was made from (recreate reopens the form prefilled). */
    async get(actor: Actor, id: number) {
      const item = await items.visible(actor, id);
      const presented = await items.get(actor, id);
      const { students: _students, ...form } = inputOf(item);
      return { ...presented, input: { ...form, students: inputOf(item).students } };
    },

    async create(context: AccessContext, input: ClassGroupInput, idempotencyKey?: string) {
      await deps.generation.assertLicensed(context.actor);
      const form = await stored(context, input);
      return deps.generation.submit(context.actor, {
        libraryType: CLASS_GROUP,
        materialType: 'document',
        title: input.title,
        input: form,
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq ?? null,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    },

    /**
     * Forms the groups again: with a changed form when one is sent (validated like a new one),
     * otherwise the same form with the next seed, so the teacher sees another arrangement.
     */
    recreate(context: AccessContext, id: number, changed: ClassGroupInput | undefined) {
      return items.recreateWith(context.actor, id, async (item) => {
        const previous = inputOf(item);
        const next = changed
          ? await stored(context, changed)
          : { ...previous, seed: (previous.seed % 2_147_483_646) + 1 };
        return { input: next, title: next.title, sharing: changed ? sharingOf(changed) : undefined };
      });
    },

    /** Saves groups the teacher rearranged: the same pupils, each once; explanations re-derived. */
    async save(actor: Actor, id: number, update: ClassGroupUpdate) {
      const item = await editable(actor, id);
      if (item.status !== 3 || !item.content) throw new AppError('E_CONFLICT_001');
      const current = classGroupResultSchema.parse(JSON.parse(item.content));
      let result = current;
      if (update.groups) {
        const known = new Map(current.groups.flatMap((g) => g.members).map((m) => [m.name, m]));
        const seen = new Set<string>();
        for (const group of update.groups) {
          for (const member of group.members) {
            if (!known.has(member.name) || seen.has(member.name)) {
              throw new AppError('E_VALIDATION', {
                details: [{ path: 'groups', message: '명단에 있는 학생을 한 번씩만 배치해주세요.' }],
              });
            }
            seen.add(member.name);
          }
        }
        if (seen.size !== known.size) {
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'groups', message: '모든 학생을 모둠에 배치해주세요.' }],
          });
        }
        const groups = update.groups
          .map((g) => g.members.map((m) => known.get(m.name) as ClassGroupStudent))
          .filter((members) => members.length > 0);
        const described = describeGroups(groups, current.constraints);
        const names = update.groups.filter((g) => g.members.length > 0).map((g) => g.name);
        result = {
          ...current,
          ...described,
          groups: described.groups.map((g, i) => ({ ...g, name: names[i] ?? g.name })),
        };
      }
      return items.saveResult(actor, id, {
        ...(update.title ? { title: update.title } : {}),
        result,
      });
    },

    /** The groups as a table document (HWPX by default, DOCX or PDF). */
    async exportItem(actor: Actor, id: number, format: ExportFormat): Promise<FileToSend> {
      const item = await items.visible(actor, id);
      if (item.status !== 3 || !item.content) throw new AppError('E_NOT_FOUND');
      const result = classGroupResultSchema.parse(JSON.parse(item.content));
      const level = result.groups.some((g) => g.members.some((m) => m.level));
      const rows = [
        ['모둠', '학생', ...(level ? ['수준'] : []), '구성'],
        ...result.groups.map((g) => [
          g.name,
          g.members
            .map((m) => `${m.name}${m.gender ? `(${m.gender === 'M' ? '남' : '여'})` : ''}`)
            .join(', '),
          ...(level ? [g.members.map((m) => m.level ?? '-').join(', ')] : []),
          g.explanation,
        ]),
      ];
      const document = doc([
        heading(1, item.title),
        paragraph(result.summary),
        table(rows, { headerRows: 1, colwidths: level ? [60, 200, 80, 260] : [60, 220, 300] }),
        ...result.violations.map((v) => paragraph(`※ ${v}`)),
      ]);
      const exported = await exportDocument(document, format, { creator: 'Ssaem' });
      return {
        bytes: exported.bytes,
        mimeType: exported.mimeType,
        fileName: downloadName(undefined, item.title, exported.extension),
      };
    },

    /**
     * `generate/ClassGroup`: the teacher's sentence read into constraints. The model, when there is
     * one, reads it with the list's names replaced by placeholders; pairs it returns are kept only
     * when both are names on the list. Without a model, rules read it.
     */
    async parse(actor: Actor, text: string, names: string[]): Promise<ClassGroupParseResult> {
      await deps.generation.assertLicensed(actor);
      const base = classGroupConstraintsSchema.parse({});
      if (deps.gateway.info.offline) return parseConstraintsByRules(text, names, base);
      const output = await deps.gateway.generateObject({
        caller: { userId: actor.userId, sensitiveNames: names },
        purpose: 'class-group',
        system: PARSE_SYSTEM_PROMPT,
        prompt: `명단 인원: ${names.length}명\n명단: ${names.join(', ')}\n\n조건: ${text}`,
        schema: modelConstraintsSchema,
        maxOutputTokens: 1000,
      });
      const known = new Set(names);
      const pairs = (list: [string, string][]) =>
        list.filter(([a, b]) => a !== b && known.has(a) && known.has(b));
      const constraints: ClassGroupConstraints = classGroupConstraintsSchema.parse({
        groupSize: output.groupSize ? Math.min(8, Math.max(2, output.groupSize)) : base.groupSize,
        mixGender: output.mixGender ?? base.mixGender,
        spreadLevel: output.spreadLevel ?? base.spreadLevel,
        apart: pairs(output.apart),
        together: pairs(output.together),
      });
      return { constraints, understood: output.understood, engine: 'model' };
    },
  };
}

export type ClassGroupService = ReturnType<typeof createClassGroupService>;
