import {
  defaultCurriculum,
  defaultSemester,
  LESSON_LANGUAGE_LABELS,
  LESSON_SECTION_KEYS,
  type LessonInput,
  type LessonResult,
  type LessonSection,
  lessonResultSchema,
  OFFLINE_DRAFT_NOTICE,
} from '@ssaem/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError, failureCause, failureCode } from '../../../platform/errors/app-error.ts';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../../platform/storage/file-storage.ts';
import { createGeneratedImages } from '../../../platform/storage/generated-images.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import type { LibraryItemRow, LibraryRepository } from '../../library/library.repository.ts';
import { type CompletionSignal, completionChannel, type GenerationService } from '../generation.service.ts';
import type { Grounding } from '../grounding.ts';
import { asMaterial, createToolItems } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';
import {
  draftSectionItems,
  type LessonBrief,
  markEditedSections,
  numberSection,
  periodMinutes,
  renumber,
  SECTION_KEYS,
  type SectionKey,
} from './lesson-draft.ts';

export const LESSON = 'LESSON';
export const LESSON_APPEND_JOB = 'lesson-append';

/** What the job needs from the form, stored with the item. */
interface StoredLessonInput {
  goal: string;
  gradeSeq: number;
  subjectSeq: number;
  gradeName: string | null;
  subjectName: string | null;
  semester: 1 | 2;
  curriculum: 2015 | 2022;
  language: LessonInput['language'];
  provider: LessonInput['provider'];
  additionalInfo: string;
  promptSeq: number;
}

const modelItemSchema = z.object({
  type: z.enum(['TEXT', 'ACTIVITY', 'QUESTION']),
  title: z.string(),
  content: z.string(),
  minutes: z.number().int().nullable(),
});
const modelLessonSchema = z.object({
  title: z.string(),
  goal: z.string(),
  standardCodes: z.array(z.string()),
  sections: z.array(
    z.object({ keyNum: z.number().int().min(1).max(5), title: z.string(), items: z.array(modelItemSchema) }),
  ),
});
const modelSectionSchema = z.object({ title: z.string(), items: z.array(modelItemSchema) });

/**
 * The lesson tool (document-tools.md §3–§7): a lesson plan in parts (goals and standards,
 * introduction, development, wrap-up, assessment), each a section of items the teacher edits,
 * re-makes one by one (append) and presents as slides. Standards are grounded in the reference data.
 */
export function createLessonService(deps: {
  db: Kysely<Database>;
  generation: GenerationService;
  library: LibraryRepository;
  jobs: JobQueue;
  events: EventBus;
  gateway: AiGateway;
  tools: ToolsService;
  grounding: Grounding;
  /** Where lesson pictures are kept (served by their unguessable file names). */
  storage: FileStorage;
  log: FastifyBaseLogger;
}) {
  const pictures = createGeneratedImages(deps.storage, 'lesson-images');
  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: LESSON,
    resultSchema: lessonResultSchema,
  });

  async function codeName(seq: number): Promise<string | null> {
    const row = await deps.db.selectFrom('code').select('name').where('codeSeq', '=', seq).executeTakeFirst();
    return row?.name ?? null;
  }

  function imagesOf(form: StoredLessonInput): LessonResult['images'] {
    if (form.provider === 'none') return { provider: 'none', generated: 0, notice: null };
    // No image model is configured in this installation: the lesson is made without pictures.
    return {
      provider: form.provider,
      generated: 0,
      notice: '이미지 생성 모델이 연결되어 있지 않아 그림 없이 만들었습니다. 필요한 그림은 직접 넣어 주세요.',
    };
  }

  /**
   * Pictures for the introduction, development and wrap-up through the configured image model.
   * A picture that fails is left out and counted in the notice; the lesson never fails for it.
   */
  async function illustrate(
    item: LibraryItemRow,
    form: StoredLessonInput,
    sections: LessonSection[],
    nextId: number,
  ) {
    if (form.provider === 'none' || !deps.gateway.canGenerateImages)
      return { sections, nextId, images: imagesOf(form) };
    let id = nextId;
    let generated = 0;
    let failed = 0;
    const illustrated: LessonSection[] = [];
    for (const section of sections) {
      if (![2, 3, 4].includes(section.keyNum)) {
        illustrated.push(section);
        continue;
      }
      const scene =
        (section.items.find((entry) => entry.type === 'ACTIVITY') ?? section.items[0])?.content ??
        section.title;
      const prompt = `학교 수업 자료에 넣을 삽화. 수업 주제: ${form.goal}. 장면(${section.title}): ${scene.slice(0, 200)}. 글자 없이, 밝고 단순한 그림체.`;
      try {
        const picture = await deps.gateway.generateImage({
          caller: { userId: item.creatorId },
          purpose: 'lesson-image',
          prompt,
        });
        const file = await pictures.save(picture);
        illustrated.push({
          ...section,
          items: [
            ...section.items,
            {
              id: id++,
              type: 'IMAGE',
              title: '삽화',
              content: prompt,
              minutes: null,
              imageUrl: `/api/v1/lesson/images/${file}`,
            },
          ],
        });
        generated += 1;
      } catch {
        failed += 1;
        illustrated.push(section);
      }
    }
    const notes = [
      form.provider === 'imagen' ? 'Imagen이 연결되어 있지 않아 설정된 이미지 모델로 그렸습니다.' : '',
      failed ? `그림 ${generated + failed}장 중 ${failed}장을 그리지 못했습니다.` : '',
    ].filter(Boolean);
    return {
      sections: illustrated,
      nextId: id,
      images: { provider: form.provider, generated, notice: notes.length ? notes.join(' ') : null },
    };
  }

  async function briefOf(item: LibraryItemRow, form: StoredLessonInput, standards: LessonBrief['standards']) {
    return {
      title: item.title,
      goal: form.goal,
      gradeSeq: form.gradeSeq,
      gradeName: form.gradeName,
      subjectName: form.subjectName,
      additionalInfo: form.additionalInfo,
      standards,
    };
  }

  function formPrompt(
    item: LibraryItemRow,
    form: StoredLessonInput,
    candidates: { code: string; statement: string }[],
  ) {
    return [
      `수업 제목: ${item.title}`,
      `학년: ${form.gradeName ?? form.gradeSeq} · 교과: ${form.subjectName ?? form.subjectSeq} · ${form.semester}학기 · ${form.curriculum} 개정 교육과정`,
      `수업 목표/주제: ${form.goal}`,
      `한 차시: ${periodMinutes(form.gradeSeq)}분`,
      `작성 언어: ${LESSON_LANGUAGE_LABELS[form.language]}`,
      form.additionalInfo ? `추가 요청: ${form.additionalInfo}` : '',
      candidates.length
        ? `성취기준 후보(이 목록의 코드만 1–3개 고르세요; 목록에 없는 코드는 쓰지 마세요):\n${candidates.map((c) => `${c.code} ${c.statement}`).join('\n')}`
        : '성취기준 후보가 없습니다. standardCodes는 빈 배열로 두세요.',
      `섹션은 keyNum 1–5: ${Object.entries(LESSON_SECTION_KEYS)
        .map(([key, title]) => `${key} ${title}`)
        .join(', ')}`,
    ]
      .filter(Boolean)
      .join('\n');
  }

  deps.generation.register(LESSON, async ({ item, input }) => {
    const form = input as StoredLessonInput;
    const subject = form.subjectName ?? '';
    const candidates = await deps.grounding.candidates(form.curriculum, form.gradeSeq, subject, form.goal);
    let nextId = 1;
    const sections: LessonSection[] = [];
    if (deps.gateway.info.offline) {
      // Only standards on the lesson's topic: a 용해 lesson cites no 연소 standard, and a topic the
      // reference data does not cover cites none (the draft says so) rather than an unrelated one.
      // A standard sharing only a side word ("생기는") with the goal scores far below the one on its
      // topic (이슬, 구름): at half the best score or less it is left out.
      const best = candidates[0]?.overlap ?? 0;
      const standards = candidates.filter((c) => c.overlap > 0 && c.overlap > best / 2).slice(0, 2);
      const brief = await briefOf(item, form, standards);
      for (const key of SECTION_KEYS) {
        const numbered = numberSection(
          {
            keyNum: key,
            title: LESSON_SECTION_KEYS[key],
            displayNo: key,
            additionalInfo: '',
            items: draftSectionItems(key, brief),
          },
          nextId,
        );
        sections.push(numbered.section);
        nextId = numbered.nextId;
      }
      // Other languages need a model: the draft is in Korean, and says so in the same one sentence.
      const notice =
        form.language === 'KOREAN' ? OFFLINE_DRAFT_NOTICE : 'AI 연결 없이 한국어로 기본 초안을 만들었어요.';
      return {
        content: lessonResultSchema.parse({
          title: item.title,
          goal: form.goal,
          gradeName: form.gradeName,
          subjectName: form.subjectName,
          semester: form.semester,
          curriculum: form.curriculum,
          language: form.language,
          standards: standards.map(({ code, statement }) => ({ code, statement })),
          sections,
          nextId,
          images: imagesOf(form),
          engine: 'offline',
          notice,
        } satisfies LessonResult),
      };
    }
    const output = await deps.gateway.generateObject({
      caller: { userId: item.creatorId },
      purpose: 'lesson',
      system: (await deps.tools.systemPromptFor(form.promptSeq)) ?? '교사를 위한 수업 지도안을 만듭니다.',
      prompt: formPrompt(item, form, candidates),
      schema: modelLessonSchema,
    });
    const standards = await deps.grounding.ground(
      form.curriculum,
      output.standardCodes.filter((code) =>
        candidates.some((c) => c.code === `[${code.replace(/^\[|\]$/g, '')}]`),
      ),
    );
    const ordered = [...output.sections].sort((a, b) => a.keyNum - b.keyNum);
    ordered.forEach((section, index) => {
      const numbered = numberSection(
        {
          keyNum: section.keyNum,
          title: section.title,
          displayNo: index + 1,
          additionalInfo: '',
          items: section.items.map((i) => ({ ...i, imageUrl: null })),
        },
        nextId,
      );
      sections.push(numbered.section);
      nextId = numbered.nextId;
    });
    const pictured = await illustrate(item, form, sections, nextId);
    return {
      content: lessonResultSchema.parse({
        title: item.title,
        goal: output.goal || form.goal,
        gradeName: form.gradeName,
        subjectName: form.subjectName,
        semester: form.semester,
        curriculum: form.curriculum,
        language: form.language,
        standards,
        sections: pictured.sections,
        nextId: pictured.nextId,
        images: pictured.images,
        engine: 'model',
        notice: null,
      } satisfies LessonResult),
    };
  });

  /** One part made again (append): by the model when connected, else the offline draft of that part. */
  deps.jobs.register<{ itemId: number; key: SectionKey; displayNo: number; additionalInfo: string }>(
    LESSON_APPEND_JOB,
    async (job) => {
      const { itemId, key, displayNo, additionalInfo } = job.payload;
      const item = await deps.library.find(itemId);
      if (!item?.content) return;
      const form = JSON.parse(item.input) as StoredLessonInput;
      const lesson = lessonResultSchema.parse(JSON.parse(item.content));
      let signal: CompletionSignal = { result: 'success', id: itemId };
      try {
        let title: string = LESSON_SECTION_KEYS[key];
        let sectionItems: ReturnType<typeof draftSectionItems>;
        if (deps.gateway.info.offline) {
          const brief = await briefOf(
            item,
            { ...form, additionalInfo: additionalInfo || form.additionalInfo },
            lesson.standards,
          );
          sectionItems = draftSectionItems(key, brief);
        } else {
          const output = await deps.gateway.generateObject({
            caller: { userId: item.creatorId },
            purpose: 'lesson',
            system:
              (await deps.tools.systemPromptFor(form.promptSeq)) ?? '교사를 위한 수업 지도안을 만듭니다.',
            prompt: `${formPrompt(item, form, lesson.standards)}\n\n이 수업의 "${LESSON_SECTION_KEYS[key]}" 부분(keyNum ${key})만 새로 만드세요.${additionalInfo ? `\n요청: ${additionalInfo}` : ''}`,
            schema: modelSectionSchema,
          });
          title = output.title || title;
          sectionItems = output.items.map((i) => ({ ...i, imageUrl: null }));
        }
        const numbered = numberSection(
          { keyNum: key, title, displayNo: displayNo - 0.5, additionalInfo, items: sectionItems },
          lesson.nextId,
        );
        const next: LessonResult = {
          ...lesson,
          sections: renumber([...lesson.sections, numbered.section]),
          nextId: numbered.nextId,
        };
        await deps.library.setStatus(itemId, 3, { content: JSON.stringify(next), error: null });
      } catch (error) {
        const message = failureCode(error);
        deps.log.warn({ err: failureCause(error), code: message, itemId }, 'lesson section failed');
        // The lesson stays as it was (complete); the failure is reported to whoever is waiting.
        await deps.library.setStatus(itemId, 3, { error: message });
        signal = { result: 'error', id: itemId, message };
      }
      await deps.events.publish(completionChannel(itemId), signal);
    },
  );

  /** A finished lesson the actor may edit; others' lessons they can see are forbidden, the rest not found. */
  async function editable(actor: Actor, id: number) {
    const item = await items.visible(actor, id);
    if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
    if (item.status !== 3 || !item.content) throw new AppError('E_NOT_READY');
    return { item, lesson: lessonResultSchema.parse(JSON.parse(item.content)) };
  }

  async function change(
    actor: Actor,
    id: number,
    edit: (lesson: LessonResult) => LessonResult,
    title?: string,
  ) {
    const { item, lesson } = await editable(actor, id);
    const next = markEditedSections(lesson, lessonResultSchema.parse(edit(lesson)));
    await deps.library.setStatus(item.id, 3, { content: JSON.stringify(next), ...(title ? { title } : {}) });
    return items.get(actor, id);
  }

  function sectionOf(lesson: LessonResult, sectionId: number) {
    const section = lesson.sections.find((s) => s.id === sectionId);
    if (!section) throw new AppError('E_NOT_FOUND');
    return section;
  }

  function withItem(
    lesson: LessonResult,
    itemId: number,
    edit: (item: LessonSection['items'][number]) => LessonSection['items'][number] | null,
  ) {
    let found = false;
    const sections = lesson.sections.map((section) => ({
      ...section,
      items: section.items.flatMap((entry) => {
        if (entry.id !== itemId) return [entry];
        found = true;
        const changed = edit(entry);
        return changed ? [changed] : [];
      }),
    }));
    if (!found) throw new AppError('E_NOT_FOUND');
    return { ...lesson, sections };
  }

  return {
    items,
    /** A lesson picture by its file name (unguessable; pictures hold no personal data). */
    image: (file: string) => pictures.read(file),
    get: items.get,
    list: items.list,
    recreate: items.recreate,
    remove: items.remove,

    async create(actor: Actor, input: LessonInput) {
      const [gradeName, subjectName] = await Promise.all([
        codeName(input.gradeSeq),
        codeName(input.subjectSeq),
      ]);
      if (!gradeName) {
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'gradeSeq', message: '학년을 선택해주세요.' }],
        });
      }
      if (!subjectName || Math.floor(input.subjectSeq / 1000) !== input.gradeSeq) {
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'subjectSeq', message: '과목을 선택해주세요.' }],
        });
      }
      const stored: StoredLessonInput = {
        goal: input.query,
        gradeSeq: input.gradeSeq,
        subjectSeq: input.subjectSeq,
        gradeName,
        subjectName,
        semester: input.semester ?? defaultSemester(),
        curriculum: input.curriculum ?? defaultCurriculum(input.gradeSeq),
        language: input.language,
        provider: input.provider,
        additionalInfo: input.additionalInfo,
        promptSeq: input.promptSeq,
      };
      return deps.generation.submit(actor, {
        libraryType: LESSON,
        materialType: 'lesson',
        title: input.title,
        input: stored,
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq,
        subjectSeq: input.subjectSeq,
        promptSeq: input.promptSeq,
        idempotencyKey: input.idempotencyKey,
      });
    },

    /** Re-makes one part as a job; the completion signal arrives on the lesson's subscription. */
    async append(
      actor: Actor,
      id: number,
      request: { key: SectionKey; displayNo: number; additionalInfo: string },
    ) {
      const { item } = await editable(actor, id);
      await deps.generation.assertLicensed(actor);
      await deps.library.setStatus(item.id, 2, { error: null });
      await deps.jobs.enqueue(
        LESSON_APPEND_JOB,
        { itemId: item.id, ...request },
        { idempotencyKey: `lesson-append:${item.id}:${Date.now()}`, maxAttempts: 1 },
      );
      return { id: item.id };
    },

    addSection(
      actor: Actor,
      id: number,
      input: { title: string; keyNum: number; displayNo?: number | undefined; additionalInfo: string },
    ) {
      return change(actor, id, (lesson) => {
        const displayNo = (input.displayNo ?? lesson.sections.length + 1) - 0.5;
        const numbered = numberSection({ ...input, displayNo, items: [] }, lesson.nextId);
        return {
          ...lesson,
          sections: renumber([...lesson.sections, numbered.section]),
          nextId: numbered.nextId,
        };
      });
    },

    deleteSection(actor: Actor, id: number, sectionId: number) {
      return change(actor, id, (lesson) => {
        sectionOf(lesson, sectionId);
        return { ...lesson, sections: renumber(lesson.sections.filter((s) => s.id !== sectionId)) };
      });
    },

    addItem(
      actor: Actor,
      id: number,
      input: {
        sectionId: number;
        type: LessonSection['items'][number]['type'];
        title: string;
        content: string;
        minutes: number | null;
      },
    ) {
      return change(actor, id, (lesson) => {
        sectionOf(lesson, input.sectionId);
        const { sectionId, ...fields } = input;
        const entry = { ...fields, id: lesson.nextId, imageUrl: null };
        return {
          ...lesson,
          nextId: lesson.nextId + 1,
          sections: lesson.sections.map((s) =>
            s.id === sectionId ? { ...s, items: [...s.items, entry] } : s,
          ),
        };
      });
    },

    updateItem(
      actor: Actor,
      id: number,
      itemId: number,
      changes: Partial<Pick<LessonSection['items'][number], 'type' | 'title' | 'content' | 'minutes'>>,
    ) {
      return change(actor, id, (lesson) => withItem(lesson, itemId, (entry) => ({ ...entry, ...changes })));
    },

    updateItems(
      actor: Actor,
      id: number,
      updates: {
        id: number;
        title?: string | undefined;
        content?: string | undefined;
        minutes?: number | null | undefined;
      }[],
    ) {
      return change(actor, id, (lesson) =>
        updates.reduce(
          (current, { id: itemId, ...changes }) =>
            withItem(current, itemId, (entry) => ({
              ...entry,
              ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
            })),
          lesson,
        ),
      );
    },

    /** Removes every item of a type (all pictures, say), from one section or from all of them. */
    deleteTypeContent(
      actor: Actor,
      id: number,
      query: { type: LessonSection['items'][number]['type']; sectionId?: number | undefined },
    ) {
      return change(actor, id, (lesson) => {
        if (query.sectionId !== undefined) sectionOf(lesson, query.sectionId);
        return {
          ...lesson,
          sections: lesson.sections.map((section) =>
            query.sectionId === undefined || section.id === query.sectionId
              ? { ...section, items: section.items.filter((entry) => entry.type !== query.type) }
              : section,
          ),
        };
      });
    },

    deleteItem(actor: Actor, id: number, itemId: number) {
      return change(actor, id, (lesson) => withItem(lesson, itemId, () => null));
    },

    updateLesson(
      actor: Actor,
      id: number,
      changes: { title?: string | undefined; goal?: string | undefined },
    ) {
      return change(
        actor,
        id,
        (lesson) => ({
          ...lesson,
          ...(changes.title ? { title: changes.title } : {}),
          ...(changes.goal !== undefined ? { goal: changes.goal } : {}),
        }),
        changes.title,
      );
    },

    /** The plan view's save: titles and texts of sections and items edited at once. */
    saveResult(
      actor: Actor,
      input: {
        id: number;
        title?: string | undefined;
        goal?: string | undefined;
        sections?:
          | {
              id: number;
              title: string;
              additionalInfo: string;
              items: { id: number; title: string; content: string; minutes: number | null }[];
            }[]
          | undefined;
      },
    ) {
      return change(
        actor,
        input.id,
        (lesson) => {
          let next = {
            ...lesson,
            ...(input.title ? { title: input.title } : {}),
            ...(input.goal !== undefined ? { goal: input.goal } : {}),
          };
          for (const edited of input.sections ?? []) {
            sectionOf(next, edited.id);
            next = {
              ...next,
              sections: next.sections.map((s) =>
                s.id === edited.id ? { ...s, title: edited.title, additionalInfo: edited.additionalInfo } : s,
              ),
            };
            for (const entry of edited.items)
              next = withItem(next, entry.id, (current) => ({ ...current, ...entry }));
          }
          return next;
        },
        input.title,
      );
    },

    async sectionItems(actor: Actor, id: number) {
      const lesson = await items.get(actor, id);
      return (lesson.result?.sections ?? []).flatMap((section) =>
        section.items.map((entry) => ({ ...entry, sectionId: section.id })),
      );
    },

    async latest(actor: Actor, count: number) {
      return (await items.list(actor)).slice(0, count);
    },
  };
}

export type LessonService = ReturnType<typeof createLessonService>;
