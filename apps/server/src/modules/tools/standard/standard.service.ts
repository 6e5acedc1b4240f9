import {
  type StandardMapping,
  type StandardToolInput,
  type StandardToolResult,
  standardToolResultSchema,
} from '@ssaem/contracts';
import { josa } from 'es-hangul';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import type { DocumentReader } from '../../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { gradeBandOf, levelsOf, normalizeCode } from '../grounding.ts';
import { gradeAndSubjectNames, textOfToolFiles } from '../tool-inputs.ts';
import { asMaterial, createToolItems, sharingOf } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';
import { topicWeights } from '../topic-terms.ts';

export const STANDARD = 'STANDARD';
const MAX_PASSAGES = 200;
const MAX_PER_CURRICULUM = 8;
const FALLBACK_PROMPT =
  '교사의 수업 계획을 성취기준에 연결합니다. 제공된 성취기준 목록의 코드만 쓰고, 계획의 문단 번호로 근거를 밝힙니다.';

export type StoredStandardInput = {
  title: string;
  gradeSeq: number;
  subjectSeq: number;
  gradeName: string;
  subjectName: string;
  curricula: (2015 | 2022)[];
  text: string;
  fileNames: string[];
  accessLevel: StandardToolInput['accessLevel'];
  editable: boolean;
};

const modelOutputSchema = z.object({
  mappings: z.array(
    z.object({ code: z.string(), curriculum: z.number().int(), passages: z.array(z.number().int()) }),
  ),
});

/** The plan in passages: its lines, long ones cut at sentence ends, list marks and numbering off. */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw
      .replace(/^\s*([-*•·▪○●◦□■]|\d+[.)]|[가-하][.)]|\(\d+\))\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (line.length < 4) continue;
    const sentences = line.length > 160 ? line.split(/(?<=[.?!다요])\s+/) : [line];
    for (const sentence of sentences) if (sentence.trim().length >= 4) passages.push(sentence.trim());
    if (passages.length >= MAX_PASSAGES) break;
  }
  return passages.slice(0, MAX_PASSAGES);
}

interface StandardRow {
  curriculum: number;
  code: string;
  statement: string;
  area: string | null;
  levels: string | null;
}

/**
 * Passages matched to standards by their distinctive words: for each passage, the standards of the
 * grade band and subject that share a word rare among them, weighted by rarity. A standard's score
 * is the sum over its passages; the best of each curriculum are kept.
 */
export function matchByTerms(rows: StandardRow[], passages: string[]): StandardMapping[] {
  const texts = rows.map((row) => `${row.area ?? ''} ${row.statement}`);
  const found = new Map<number, { score: number; passages: { text: string; score: number }[] }>();
  for (const passage of passages) {
    const weigh = topicWeights(passage, texts);
    texts.forEach((text, index) => {
      const score = weigh(text);
      if (score <= 0) return;
      const entry = found.get(index) ?? { score: 0, passages: [] };
      entry.score += score;
      entry.passages.push({ text: passage, score });
      found.set(index, entry);
    });
  }
  const mappings: StandardMapping[] = [];
  for (const curriculum of [2022, 2015] as const) {
    const best = [...found.entries()]
      .filter(([index]) => rows[index]?.curriculum === curriculum)
      .sort(([a, x], [b, y]) => y.score - x.score || a - b)
      .slice(0, MAX_PER_CURRICULUM);
    for (const [index, entry] of best) {
      const row = rows[index];
      if (!row) continue;
      mappings.push({
        curriculum,
        code: row.code,
        statement: row.statement,
        area: row.area,
        passages: entry.passages
          .sort((a, b) => b.score - a.score)
          .slice(0, 4)
          .map((p) => p.text),
        score: Math.round(entry.score * 100) / 100,
      });
    }
  }
  return mappings;
}

/** What to look for when assessing a standard: its level A description when the data has one. */
function assessmentOf(row: StandardRow | undefined): string {
  const top = levelsOf(row?.levels ?? null)[0];
  if (top) return `${top.level} 수준: ${top.description}`;
  const statement = row?.statement.replace(/[.。]\s*$/, '') ?? '';
  return `‘${statement}’에 비추어 활동 과정과 결과물을 관찰하고 기록합니다.`;
}

/**
 * The standards tool on the document pipeline. The model, when there is one, picks among the
 * standards of the grade and subject and names the passages by number; every code it returns is
 * checked against the reference data and the wording always comes from there. Without a model
 * the passages are matched by their distinctive words, and the result says so.
 */
export function createStandardService(deps: {
  db: Kysely<Database>;
  reader: DocumentReader;
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  tools: ToolsService;
}) {
  async function standardsFor(curriculum: number, gradeSeq: number, subject: string): Promise<StandardRow[]> {
    const band = gradeBandOf(gradeSeq);
    if (!band) return [];
    return deps.db
      .selectFrom('standard')
      .select(['curriculum', 'code', 'statement', 'area', 'levels'])
      .where('curriculum', '=', curriculum)
      .where('gradeBand', '=', band)
      .where((eb) => eb.or([eb('subject', '=', subject), eb('subjectGroup', '=', subject)]))
      .orderBy('code')
      .execute();
  }

  deps.generation.register(STANDARD, async ({ item, input }) => {
    const form = input as StoredStandardInput;
    const passages = passagesOf(form.text);
    const rows: StandardRow[] = [];
    const missingCurricula: number[] = [];
    for (const curriculum of form.curricula) {
      const found = await standardsFor(curriculum, form.gradeSeq, form.subjectName);
      if (found.length === 0) missingCurricula.push(curriculum);
      rows.push(...found);
    }
    let mappings = matchByTerms(rows, passages);
    let engine: StandardToolResult['engine'] = 'rules';
    if (!deps.gateway.info.offline && rows.length > 0 && passages.length > 0) {
      const prompt = await deps.db
        .selectFrom('aiPrompt')
        .select('seq')
        .where('toolCode', '=', STANDARD)
        .executeTakeFirst();
      const system = (prompt ? await deps.tools.systemPromptFor(prompt.seq) : undefined) ?? FALLBACK_PROMPT;
      const output = await deps.gateway.generateObject({
        caller: { userId: item.creatorId },
        purpose: 'standard',
        system,
        prompt: [
          `학년: ${form.gradeName} · 교과: ${form.subjectName}`,
          '성취기준 목록(이 안에서만 고르세요):',
          ...rows.slice(0, 150).map((row) => `${row.curriculum} ${row.code} ${row.statement}`),
          '',
          '수업 계획(번호는 문단 번호):',
          ...passages.map((passage, index) => `${index + 1}. ${passage}`),
          '',
          'mappings에 관련 있는 성취기준마다 curriculum, code, 근거 문단 번호(passages)를 쓰세요.',
        ].join('\n'),
        schema: modelOutputSchema,
      });
      const byKey = new Map(rows.map((row) => [`${row.curriculum} ${row.code}`, row]));
      const chosen: StandardMapping[] = [];
      for (const mapping of output.mappings) {
        // A code not in the data for that curriculum, grade and subject is dropped, never shown.
        const row = byKey.get(`${mapping.curriculum} ${normalizeCode(mapping.code)}`);
        if (!row || chosen.some((c) => c.code === row.code && c.curriculum === row.curriculum)) continue;
        const cited = [...new Set(mapping.passages)].flatMap((n) =>
          passages[n - 1] ? [passages[n - 1] ?? ''] : [],
        );
        chosen.push({
          curriculum: row.curriculum as 2015 | 2022,
          code: row.code,
          statement: row.statement,
          area: row.area,
          passages: cited,
          score: cited.length,
        });
      }
      mappings = chosen;
      engine = 'model';
    }
    const used = new Set(mappings.flatMap((m) => m.passages));
    const rowOf = new Map(rows.map((row) => [`${row.curriculum} ${row.code}`, row]));
    // The plan restructured around the standards of the newest curriculum chosen.
    const newest = Math.max(...form.curricula);
    const planOf = mappings.filter((m) => m.curriculum === newest && m.passages.length > 0);
    const plan = (planOf.length ? planOf : mappings).map((m) => ({
      code: m.code,
      statement: m.statement,
      activities: m.passages,
      assessment: assessmentOf(rowOf.get(`${m.curriculum} ${m.code}`)),
    }));
    const notices: string[] = [];
    if (engine === 'rules')
      notices.push(
        'AI 연결 없이 계획의 낱말과 성취기준 문장을 비교해 연결했어요. 연결이 맞는지 확인해 주세요.',
      );
    for (const curriculum of missingCurricula)
      notices.push(
        `${curriculum} 개정 교육과정의 ${josa(`${form.gradeName} ${form.subjectName}`, '은/는')} 참고 자료에 성취기준이 없어 연결하지 않았어요.`,
      );
    if (mappings.length === 0 && passages.length > 0)
      notices.push('계획과 뚜렷하게 겹치는 성취기준을 찾지 못했어요. 단원명이나 핵심 개념을 더 적어 주세요.');
    return {
      content: standardToolResultSchema.parse({
        subject: form.subjectName,
        grade: form.gradeName,
        mappings,
        plan,
        unmatched: passages.filter((p) => !used.has(p)).slice(0, 50),
        missingCurricula,
        engine,
        notice: notices.length ? notices.join(' ') : null,
      }),
    };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: STANDARD,
    resultSchema: standardToolResultSchema,
  });

  async function storedInput(input: StandardToolInput, files: SpooledFile[]): Promise<StoredStandardInput> {
    const { gradeName, subjectName } = await gradeAndSubjectNames(deps.db, input.gradeSeq, input.subjectSeq);
    const text = [input.text.trim(), (await textOfToolFiles(deps.reader, files)).trim()]
      .filter(Boolean)
      .join('\n')
      .slice(0, 60_000);
    if (!text)
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'text', message: '수업 계획을 입력하거나 파일을 올려주세요.' }],
      });
    return {
      title: input.title,
      gradeSeq: input.gradeSeq,
      subjectSeq: input.subjectSeq,
      gradeName,
      subjectName,
      curricula: [...new Set(input.curricula)].sort((a, b) => b - a),
      text,
      fileNames: files.map((f) => f.filename),
      accessLevel: input.accessLevel,
      editable: input.editable,
    };
  }

  return {
    items,
    list: items.list,
    remove: items.remove,
    copy: items.copy,
    saveResult: items.saveResult,

    /** The item, with its form for the creator (recreate reopens it prefilled). */
    async get(actor: Actor, id: number) {
      const item = await items.visible(actor, id);
      const presented = await items.get(actor, id);
      if (!canOnMaterial(actor, 'edit', asMaterial(item))) return { ...presented, input: null };
      const form = JSON.parse(item.input) as StoredStandardInput;
      return { ...presented, input: form };
    },

    async create(actor: Actor, input: StandardToolInput, files: SpooledFile[], idempotencyKey?: string) {
      await deps.generation.assertLicensed(actor);
      const form = await storedInput(input, files);
      return deps.generation.submit(actor, {
        libraryType: STANDARD,
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

    /** Again, with the kept form or a changed one (the plan's text is kept; new files add to it). */
    recreate(actor: Actor, id: number, changed: StandardToolInput | undefined, files: SpooledFile[]) {
      return items.recreateWith(actor, id, async () => {
        if (!changed) return undefined;
        const form = await storedInput(changed, files);
        return { input: form, title: form.title, sharing: sharingOf(changed) };
      });
    },
  };
}

export type StandardService = ReturnType<typeof createStandardService>;
