import {
  OFFLINE_DRAFT_NOTICE,
  QUIZ_KINDS,
  QUIZ_LEVELS,
  type QuizItem,
  type QuizToolInput,
  type QuizToolResult,
  quizToolResultSchema,
} from '@ssaem/contracts';
import { type ExportFormat, exportDocument } from '@ssaem/documents';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import type { DocumentReader } from '../../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import { downloadName } from '../../documents/content-disposition.ts';
import type { FileToSend } from '../../documents/documents.service.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { gradeBandOf, normalizeCode } from '../grounding.ts';
import { passagesOf } from '../standard/standard.service.ts';
import { gradeAndSubjectNames, textOfToolFiles } from '../tool-inputs.ts';
import { asMaterial, createToolItems, sharingOf } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';
import { quizAnswers, quizPaper } from './quiz-document.ts';
import { asQuizStandard, draftQuizOffline, type QuizSourceStandard } from './quiz-offline.ts';

export const QUIZ = 'QUIZ';
const FALLBACK_PROMPT =
  '초·중·고 교사를 돕는 형성평가 출제 도우미입니다. 제공된 성취기준 목록의 코드만 쓰고, 학년 수준에 맞는 바른 한국어로 씁니다.';

/** What is kept of a submission: the form as the teacher sent it, the names it was made with, the files' text. */
export type StoredQuizInput = QuizToolInput & {
  gradeName: string;
  subjectName: string;
  /** The files' names and text, kept so that recreate needs no upload again. */
  fileNames: string[];
  fileText: string;
};

const modelOutputSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(QUIZ_KINDS),
      level: z.enum(QUIZ_LEVELS),
      question: z.string(),
      options: z.array(z.string()),
      prompts: z.array(z.string()),
      answer: z.string(),
      explanation: z.string(),
      rubric: z.array(z.object({ level: z.string(), criterion: z.string() })),
      standardCode: z.string(),
    }),
  ),
});

const KIND_PROMPT: Record<(typeof QUIZ_KINDS)[number], string> = {
  choice: '선다형(options에 보기, answer는 “② 보기” 꼴)',
  short: '단답형(answer는 낱말이나 짧은 구)',
  ox: 'O/X(answer는 O 또는 X)',
  matching: '연결하기(prompts에 왼쪽, options에 섞은 오른쪽, answer는 “(1)-㉡, (2)-㉠” 꼴)',
  essay: '서술형(rubric에 상·중·하 채점 기준, answer에 예시 답안)',
};

/**
 * 형성평가 and 학습지 on the document pipeline. The model, when there is one, writes the items by
 * structured output and names the standard each assesses; every code is checked against the
 * reference data and an invented one is dropped (the item stays, unlinked, and the notice says
 * so). Without a model the offline drafter builds the items from the standards' wording and the
 * teacher's sentences.
 */
export function createQuizService(deps: {
  db: Kysely<Database>;
  reader: DocumentReader;
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  tools: ToolsService;
}) {
  async function standardsFor(curriculum: number, gradeSeq: number, subject: string) {
    const band = gradeBandOf(gradeSeq);
    if (!band) return [];
    return deps.db
      .selectFrom('standard')
      .select(['curriculum', 'code', 'statement', 'area', 'subject', 'levels'])
      .where('curriculum', '=', curriculum)
      .where('gradeBand', '=', band)
      .where((eb) => eb.or([eb('subject', '=', subject), eb('subjectGroup', '=', subject)]))
      .orderBy('code')
      .execute() as Promise<QuizSourceStandard[]>;
  }

  async function modelItems(
    userId: number,
    form: StoredQuizInput,
    offered: QuizSourceStandard[],
    material: string,
  ): Promise<{ items: QuizItem[]; invented: number }> {
    const prompt = await deps.db
      .selectFrom('aiPrompt')
      .select('seq')
      .where('toolCode', '=', QUIZ)
      .executeTakeFirst();
    const system = (prompt ? await deps.tools.systemPromptFor(prompt.seq) : undefined) ?? FALLBACK_PROMPT;
    const output = await deps.gateway.generateObject({
      caller: { userId },
      purpose: 'quiz',
      system,
      prompt: [
        `${form.gradeName} ${form.subjectName}${form.unit ? ` · 단원: ${form.unit}` : ''} · ${form.purpose === 'WORKSHEET' ? '학습지' : '형성평가'}`,
        '성취기준(이 목록의 코드만 standardCode에 쓰세요):',
        ...offered.slice(0, 120).map((row) => `${row.code} ${row.statement}`),
        ...(material ? ['', '수업 자료:', material.slice(0, 12_000)] : []),
        '',
        '만들 문항 수:',
        ...QUIZ_KINDS.filter((kind) => form.counts[kind] > 0).map(
          (kind) => `- ${KIND_PROMPT[kind]}: ${form.counts[kind]}개`,
        ),
        `선다형 보기 수: ${form.choiceOptions}개. 난이도: ${form.difficulty === 'MIXED' ? '상·중·하를 고루' : form.difficulty}.`,
        '문항마다 해설(explanation)을 쓰세요.',
      ].join('\n'),
      schema: modelOutputSchema,
    });
    const byCode = new Map(offered.map((row) => [row.code, row]));
    let invented = 0;
    const items: QuizItem[] = [];
    for (const raw of output.items) {
      if (raw.kind === 'choice' && raw.options.length !== form.choiceOptions) continue;
      // A code not among the offered standards of the data is never shown.
      const row = raw.standardCode ? byCode.get(normalizeCode(raw.standardCode)) : undefined;
      if (raw.standardCode && !row) invented++;
      items.push({
        kind: raw.kind,
        level: raw.level,
        question: raw.question,
        options: raw.kind === 'choice' || raw.kind === 'matching' ? raw.options : [],
        prompts: raw.kind === 'matching' ? raw.prompts : [],
        answer: raw.answer,
        explanation: raw.explanation,
        rubric: raw.kind === 'essay' ? raw.rubric : [],
        standard: row ? asQuizStandard(row) : null,
      });
    }
    return { items, invented };
  }

  deps.generation.register(QUIZ, async ({ item, input }) => {
    const form = input as StoredQuizInput;
    const pool = await standardsFor(form.curriculum, form.gradeSeq, form.subjectName);
    const chosen = pool.filter((row) => form.standardCodes.includes(row.code));
    const material = [form.material.trim(), form.fileText.trim()].filter(Boolean).join('\n');
    const passages = passagesOf(material);
    const notices: string[] = [];
    let items: QuizItem[];
    let engine: QuizToolResult['engine'] = 'offline';
    if (deps.gateway.info.offline) {
      const draft = draftQuizOffline({
        standards: chosen,
        pool,
        passages,
        counts: form.counts,
        choiceOptions: form.choiceOptions,
        difficulty: form.difficulty,
        unit: form.unit,
      });
      items = draft.items;
      notices.push(OFFLINE_DRAFT_NOTICE);
      if (draft.shortfall) notices.push(draft.shortfall);
    } else {
      const made = await modelItems(item.creatorId, form, chosen.length ? chosen : pool, material);
      items = made.items;
      engine = 'model';
      if (made.invented > 0)
        notices.push(
          `참고 자료에 없는 성취기준 코드가 붙은 ${made.invented}개 문항은 성취기준 연결을 뺐어요. 확인해 주세요.`,
        );
    }
    const linked = new Map<string, QuizSourceStandard>();
    for (const row of chosen) linked.set(row.code, row);
    for (const quizItem of items) {
      const row = quizItem.standard && pool.find((p) => p.code === quizItem.standard?.code);
      if (row) linked.set(row.code, row);
    }
    return {
      content: quizToolResultSchema.parse({
        purpose: form.purpose,
        subject: form.subjectName,
        grade: form.gradeName,
        unit: form.unit || chosen[0]?.area || '',
        standards: [...linked.values()].map(asQuizStandard),
        items,
        engine,
        notice: notices.length ? notices.join(' ') : null,
      }),
    };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: QUIZ,
    resultSchema: quizToolResultSchema,
  });

  async function storedInput(
    input: QuizToolInput,
    files: SpooledFile[],
    kept?: Pick<StoredQuizInput, 'fileNames' | 'fileText'>,
  ): Promise<StoredQuizInput> {
    const names = await gradeAndSubjectNames(deps.db, input.gradeSeq, input.subjectSeq);
    const fileText = files.length
      ? (await textOfToolFiles(deps.reader, files)).slice(0, 60_000)
      : (kept?.fileText ?? '');
    const fileNames = files.length ? files.map((f) => f.filename) : (kept?.fileNames ?? []);
    const pool = await standardsFor(input.curriculum, input.gradeSeq, names.subjectName);
    const known = new Set(pool.map((row) => row.code));
    const codes = [...new Set(input.standardCodes.map(normalizeCode))];
    const unknown = codes.filter((code) => !known.has(code));
    if (unknown.length)
      throw new AppError('E_VALIDATION', {
        details: [
          {
            path: 'standardCodes',
            message: `이 학년·과목의 성취기준에 없는 코드예요: ${unknown.join(', ')}`,
          },
        ],
      });
    if (codes.length === 0 && !input.material.trim() && !fileText.trim())
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'standardCodes', message: '성취기준을 고르거나 수업 자료를 넣어주세요.' }],
      });
    return { ...input, standardCodes: codes, ...names, fileNames, fileText };
  }

  /** The form as the teacher filled it in (what recreate reopens), without the kept file text. */
  function formOf(stored: StoredQuizInput) {
    const { fileText: _text, gradeName: _g, subjectName: _s, ...form } = stored;
    return form;
  }

  return {
    items,
    list: items.list,
    remove: items.remove,
    copy: items.copy,

    /** The item, with its form for the creator (recreate reopens it prefilled). */
    async get(actor: Actor, id: number) {
      const item = await items.visible(actor, id);
      const presented = await items.get(actor, id);
      if (!canOnMaterial(actor, 'edit', asMaterial(item))) return { ...presented, input: null };
      return { ...presented, input: formOf(JSON.parse(item.input) as StoredQuizInput) };
    },

    /** The teacher's edits; a standard code not in the reference data is refused. */
    async saveResult(
      actor: Actor,
      id: number,
      changes: { title?: string | undefined; result?: QuizToolResult | undefined },
    ) {
      if (changes.result) {
        for (const [index, quizItem] of changes.result.items.entries()) {
          if (!quizItem.standard) continue;
          const row = await deps.db
            .selectFrom('standard')
            .select('statement')
            .where('curriculum', '=', quizItem.standard.curriculum)
            .where('code', '=', quizItem.standard.code)
            .executeTakeFirst();
          if (!row)
            throw new AppError('E_VALIDATION', {
              details: [
                { path: `result.items.${index}.standard`, message: '참고 자료에 없는 성취기준이에요.' },
              ],
            });
          quizItem.standard.statement = row.statement;
        }
      }
      return items.saveResult(actor, id, changes);
    },

    async create(actor: Actor, input: QuizToolInput, files: SpooledFile[], idempotencyKey?: string) {
      await deps.generation.assertLicensed(actor);
      const form = await storedInput(input, files);
      return deps.generation.submit(actor, {
        libraryType: QUIZ,
        materialType: 'document',
        title: input.title,
        input: form,
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq,
        subjectSeq: input.subjectSeq,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    },

    /** Again, with the kept form or a changed one; files kept from before unless new ones come. */
    recreate(actor: Actor, id: number, changed: QuizToolInput | undefined, files: SpooledFile[]) {
      return items.recreateWith(actor, id, async (item) => {
        if (!changed) return undefined;
        const form = await storedInput(changed, files, JSON.parse(item.input) as StoredQuizInput);
        return { input: form, title: form.title, sharing: sharingOf(changed) };
      });
    },

    /** The 시험지 (no answers) or the answer sheet, as HWPX, PDF, DOCX or HWP. */
    async exportItem(
      actor: Actor,
      id: number,
      format: ExportFormat,
      sheet: 'paper' | 'answers',
    ): Promise<FileToSend> {
      const item = await items.visible(actor, id);
      if (item.status !== 3 || !item.content) throw new AppError('E_NOT_READY');
      const result = quizToolResultSchema.parse(JSON.parse(item.content));
      const document = sheet === 'paper' ? quizPaper(item.title, result) : quizAnswers(item.title, result);
      const exported = await exportDocument(document, format, { creator: 'Ssaem' });
      const name = sheet === 'paper' ? item.title : `${item.title} 정답`;
      return {
        bytes: exported.bytes,
        mimeType: exported.mimeType,
        fileName: downloadName(undefined, name, exported.extension),
      };
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
