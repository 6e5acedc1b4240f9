import {
  FEEDBACK_AREA_LABELS,
  FEEDBACK_AREAS,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MESSAGES,
  type FeedbackArea,
  type FeedbackInput,
  type FeedbackResult,
  type FeedbackScores,
  type FeedbackUpdate,
  feedbackResultSchema,
} from '@ssaem/contracts';
import { type FileKind, isDocumentError } from '@ssaem/documents';
import { z } from 'zod';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { sniffSpooled } from '../../../platform/http/sniff-spooled.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import { type DocumentReader, documentFileError } from '../../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { checkSpelling } from '../text-correction/spell-checker.ts';
import {
  droppedFiles,
  isKeptForm,
  type KeptForm,
  keptFilesOf,
  type StoredKeptFile,
  type ToolFiles,
} from '../tool-files.ts';
import { asMaterial, createToolItems, sharingOf } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';
import { draftFeedbackOffline } from './offline-feedback.ts';

export const FEEDBACK = 'FEEDBACK';
/** The FEEDBACK row of the seeded prompts (tools.seed.ts: the fourth prompt). */
const PROMPT_SEQ = 4;
const MAX_TEXT = 20_000;
const FALLBACK_PROMPT = `학생 글에 대한 글쓰기 피드백을 작성하는 한국 학교 교사의 도우미입니다.
- 선택된 영역마다 0–100점과 근거를 제시합니다.
- 잘한 점을 먼저 구체적으로 칭찬하고, 고칠 점은 학생 글의 원문 구절과 고쳐 쓴 예를 들어 실천할 수 있게 제안합니다.
- 학생 학년의 수준에 맞는 말로, 격려하는 어조로 씁니다. 학생 글에 없는 내용은 지어내지 않습니다.
- 결과는 요청된 JSON 형식(스키마)으로만 답합니다.`;

/** Attachments the form takes (document-tools.md §9): documents, and photographs read by OCR. */
const ACCEPTED_KINDS: FileKind[] = ['hwp', 'hwpx', 'docx', 'pdf', 'png', 'jpeg'];

// Scores as plain numbers: providers differ in which JSON-schema bounds they accept; clamped below.
const modelOutputSchema = z.object({
  areas: z.array(
    z.object({
      area: z.enum(FEEDBACK_AREAS),
      score: z.number(),
      strengths: z.array(z.string()),
      improvements: z.array(z.string()),
      examples: z.array(z.object({ original: z.string(), suggestion: z.string() })),
    }),
  ),
  overall: z.string(),
});

/** What feedback is made from (the generator's view of a stored input, old or new). */
interface FeedbackSource {
  text: string;
  areas: FeedbackArea[];
  grade: string | null;
  query: string | null;
}

/** Items made before the form was kept: the source alone (the attachments' text joined). */
type LegacyStoredInput = FeedbackSource;

type StoredFeedbackInput = KeptForm<Omit<FeedbackInput, 'keptFiles'>>;

type StoredInput = StoredFeedbackInput | LegacyStoredInput;

function sourceOf(stored: StoredInput): FeedbackSource {
  if (!isKeptForm(stored)) return stored;
  const { form, files } = stored;
  return {
    text: form.useManualType ? form.targetContent.trim() : joinedText(files.map((file) => file.text)),
    areas: form.items,
    grade: form.grade ?? null,
    query: form.query?.trim() || null,
  };
}

function joinedText(texts: string[]): string {
  return texts
    .map((text) => text.trim())
    .filter(Boolean)
    .join('\n\n')
    .slice(0, MAX_TEXT);
}

/** The form an item made before the form was kept comes back as far as its source tells. */
function legacyFormOf(stored: LegacyStoredInput): Record<string, unknown> {
  return {
    items: stored.areas,
    useManualType: true,
    targetContent: stored.text,
    ...(stored.grade ? { grade: stored.grade } : {}),
    query: stored.query ?? '',
    keptFiles: [],
  };
}

const fileError = (message: string) =>
  new AppError('E_VALIDATION', { details: [{ path: 'files', message }] });

function scoresOf(areas: { area: FeedbackArea; score: number }[]): FeedbackScores {
  return Object.fromEntries(
    FEEDBACK_AREAS.map((area) => [area, areas.find((a) => a.area === area)?.score ?? null]),
  ) as FeedbackScores;
}

/** The model's areas, kept to the ones chosen (in the view's order), scores made whole numbers 0–100. */
export function resultFromModel(
  title: string,
  chosen: readonly FeedbackArea[],
  output: z.infer<typeof modelOutputSchema>,
): FeedbackResult {
  const areas = chosen.map((area) => {
    const found = output.areas.find((a) => a.area === area);
    // An answer without a chosen area is the model's failure, told as one; the area goes to the log.
    if (!found)
      throw new AppError('E_MODEL_UNAVAILABLE', { cause: new Error(`the model left out the ${area} area`) });
    return { ...found, score: Math.max(0, Math.min(100, Math.round(found.score))) };
  });
  return feedbackResultSchema.parse({
    title,
    totalScore: Math.round(areas.reduce((sum, a) => sum + a.score, 0) / Math.max(areas.length, 1)),
    scores: scoresOf(areas),
    areas,
    overall: output.overall,
    teacherFeedback: '',
    engine: 'model',
    notice: null,
  });
}

/**
 * Writing feedback (document-tools.md §3, §5, §7): a student's text typed in or attached (hwp,
 * hwpx, docx, pdf, or a photograph read by OCR) is scored in the chosen areas in the document
 * pipeline — by the model when one is connected, otherwise by rules measured on the text itself.
 * The teacher then adds their own feedback to the result.
 */
export function createFeedbackService(deps: {
  reader: DocumentReader;
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  tools: ToolsService;
  files: ToolFiles;
}) {
  deps.generation.register(FEEDBACK, async ({ item, input }) => {
    const form = sourceOf(input as StoredInput);
    if (deps.gateway.info.offline) {
      const spelling = form.areas.includes('grammar')
        ? (await checkSpelling(form.text)).corrections.map(({ original, suggestion }) => ({
            original,
            suggestion,
          }))
        : [];
      return {
        content: draftFeedbackOffline({
          title: item.title,
          text: form.text,
          areas: form.areas,
          spelling,
          query: form.query,
        }),
      };
    }
    const output = await deps.gateway.generateObject({
      caller: { userId: item.creatorId },
      purpose: 'feedback',
      system: (await deps.tools.systemPromptFor(PROMPT_SEQ)) ?? FALLBACK_PROMPT,
      prompt: [
        `자료명: ${item.title}`,
        form.grade ? `학생 학년: ${form.grade}` : '',
        `피드백 영역: ${form.areas.map((area) => `${FEEDBACK_AREA_LABELS[area]}(${area})`).join(', ')}`,
        form.query ? `교사의 추가 요청: ${form.query}` : '',
        '영역마다 area에 영역 코드, score에 0–100 정수 점수, strengths에 잘한 점, improvements에 고칠 점, examples에 학생 글의 원문 구절(original)과 고쳐 쓴 예(suggestion)를 씁니다. 선택되지 않은 영역은 쓰지 않습니다.',
        'overall에는 학생에게 들려줄 종합 피드백을 잘한 점부터 3–5문장으로 씁니다.',
        `학생 글:\n"""\n${form.text}\n"""`,
      ]
        .filter(Boolean)
        .join('\n'),
      schema: modelOutputSchema,
    });
    return { content: resultFromModel(item.title, form.areas, output) };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: FEEDBACK,
    resultSchema: feedbackResultSchema,
    async formOf(stored, item) {
      const kept = stored as StoredInput;
      if (!isKeptForm(kept)) return legacyFormOf(kept);
      return { ...kept.form, keptFiles: await deps.files.present(item.creatorId, kept.files) };
    },
    onRemove: (item) => deps.files.removeKeptOf(item),
  });

  async function readFile(file: SpooledFile): Promise<string> {
    // Pictures other than PNG and JPEG are refused before any OCR runs.
    const kind = (await sniffSpooled(file)).kind;
    // A password-protected document goes on to the reader, which names the reason.
    if (file.size > 0 && kind !== 'encrypted-office' && !ACCEPTED_KINDS.includes(kind)) {
      throw fileError(FEEDBACK_MESSAGES.unsupported);
    }
    try {
      const document = await deps.reader.readFile(file.path, file.filename, {
        allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf', 'image'],
      });
      return document.text;
    } catch (error) {
      if (isDocumentError(error) && error.reason === 'unsupported-type')
        throw fileError(FEEDBACK_MESSAGES.unsupported);
      if (isDocumentError(error)) throw documentFileError(error, 'files');
      throw error;
    }
  }

  /**
   * The stored input of a form: the attachments kept from before that it still lists, then the new
   * ones (read first, stored only once the whole form is acceptable). A typed text keeps no files.
   */
  async function storedInput(
    actor: Actor,
    input: FeedbackInput,
    files: SpooledFile[],
    previous: StoredKeptFile[],
  ): Promise<StoredFeedbackInput> {
    const { keptFiles, ...form } = input;
    if (input.useManualType) return { form, files: [] };
    const kept = keptFilesOf(previous, keptFiles);
    if (kept.length + files.length === 0) throw fileError(FEEDBACK_MESSAGES.noFile);
    if (kept.length + files.length > FEEDBACK_MAX_FILES)
      throw fileError(`파일은 ${FEEDBACK_MAX_FILES}개까지 첨부할 수 있어요.`);
    const added: { file: SpooledFile; text: string }[] = [];
    for (const file of files) added.push({ file, text: await readFile(file) });
    if (!joinedText([...kept, ...added].map((entry) => entry.text)))
      throw fileError(FEEDBACK_MESSAGES.noText);
    const stored = [...kept];
    for (const { file, text } of added) stored.push(await deps.files.keep(actor.userId, file, text));
    return { form, files: stored };
  }

  return {
    async create(actor: Actor, input: FeedbackInput, files: SpooledFile[], idempotencyKey?: string) {
      await deps.generation.assertLicensed(actor);
      const stored = await storedInput(actor, input, files, []);
      return deps.generation.submit(actor, {
        libraryType: FEEDBACK,
        materialType: 'feedback',
        title: input.title,
        input: stored,
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq ?? null,
        promptSeq: PROMPT_SEQ,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    },

    /**
     * Again, by its creator: from the kept form, or from a changed one (validated like a new one;
     * the attachments it no longer lists are removed once the new form is stored).
     */
    async recreate(actor: Actor, id: number, changed: FeedbackInput | undefined, files: SpooledFile[]) {
      let dropped: StoredKeptFile[] = [];
      let owner = actor.userId;
      const answer = await items.recreateWith(actor, id, async (item) => {
        if (!changed) return undefined;
        const previous = JSON.parse(item.input) as StoredInput;
        const before = isKeptForm(previous) ? previous.files : [];
        const stored = await storedInput(actor, changed, files, before);
        dropped = droppedFiles(before, stored.files);
        owner = item.creatorId;
        return { input: stored, title: changed.title, sharing: sharingOf(changed) };
      });
      await deps.files.remove(owner, dropped);
      return answer;
    },

    /**
     * The creator saves the teacher's feedback and/or an edited result (PUT {id}). The teacher's
     * feedback alone is merged into the stored result.
     */
    async save(actor: Actor, id: number, changes: FeedbackUpdate) {
      const item = await items.visible(actor, id);
      if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
      let result: FeedbackResult | undefined = changes.result;
      if (changes.teacherFeedback !== undefined) {
        const base =
          result ?? (item.content ? feedbackResultSchema.parse(JSON.parse(item.content)) : undefined);
        if (base) result = { ...base, teacherFeedback: changes.teacherFeedback };
      }
      return items.saveResult(actor, id, { title: changes.title, result });
    },

    items,
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
