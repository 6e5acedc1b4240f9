import {
  SUMMARY_MAX_FILES,
  SUMMARY_MESSAGES,
  type SummaryInput,
  summaryResultSchema,
} from '@ssaem/contracts';
import { isDocumentError } from '@ssaem/documents';
import { z } from 'zod';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import { type DocumentReader, documentFileError } from '../../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../../policies/actor.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import {
  droppedFiles,
  isKeptForm,
  type KeptForm,
  keptFilesOf,
  type StoredKeptFile,
  type ToolFiles,
} from '../tool-files.ts';
import { createToolItems, sharingOf } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';
import { summariseOffline, topicOutlineOffline } from './offline-summary.ts';

export const SUMMARY = 'SUMMARY';
const PROMPT_SEQ = 3;
const MAX_SOURCE_TEXT = 40_000;
const FORMAT_LABEL: Record<string, string> = {
  KEYWORD_SUMMARY: '핵심어 요약: 중요한 개념어와 짧은 설명, 그리고 요점 문장',
  EASY_SUMMARY: '쉬운 요약: 대상 학년 학생이 이해할 수 있는 쉬운 문장',
  EASY_KEYWORD_SUMMARY: '쉬운 핵심어 요약: 쉬운 설명을 붙인 핵심어와 쉬운 요점 문장',
};

const modelOutputSchema = summaryResultSchema.pick({ title: true, keywords: true, summary: true });

/** What a summary is made from (the generator's view of a stored input, old or new). */
interface SummarySource {
  summaryType: string;
  summaryFormat: string;
  topic: string;
  text: string;
  details: string;
  grade: string | null;
}

/** Items made before the form was kept: the source alone (the documents' text joined). */
type LegacyStoredInput = SummarySource;

type StoredSummaryInput = KeptForm<Omit<SummaryInput, 'keptFiles'>>;

type StoredInput = StoredSummaryInput | LegacyStoredInput;

function sourceOf(stored: StoredInput): SummarySource {
  if (!isKeptForm(stored)) return stored;
  const { form, files } = stored;
  return {
    summaryType: form.summaryType,
    summaryFormat: form.summaryFormat,
    topic: form.summaryTopic,
    text:
      form.summaryType === 'TEXT_SUMMARY'
        ? form.inputText.trim()
        : form.summaryType === 'DOCUMENT_SUMMARY'
          ? files
              .map((file) => file.text)
              .join('\n\n')
              .slice(0, MAX_SOURCE_TEXT)
          : '',
    details: form.summaryDetails,
    grade: form.grade ?? null,
  };
}

/** The form an item made before the form was kept comes back as far as its source tells. */
function legacyFormOf(stored: LegacyStoredInput): Record<string, unknown> {
  return {
    summaryType: stored.summaryType,
    summaryFormat: stored.summaryFormat,
    summaryTopic: stored.topic,
    inputText: stored.summaryType === 'TEXT_SUMMARY' ? stored.text : '',
    summaryDetails: stored.details,
    ...(stored.grade ? { grade: stored.grade } : {}),
    keptFiles: [],
  };
}

/**
 * Summaries (document-tools.md §5–§8): of a topic, of uploaded documents (hwp, hwpx, docx, pdf read
 * on the server) or of a text, in three formats — by the model when connected, otherwise an
 * extractive draft from the teacher's own material.
 */
export function createSummaryService(deps: {
  reader: DocumentReader;
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  tools: ToolsService;
  files: ToolFiles;
}) {
  deps.generation.register(SUMMARY, async ({ item, input }) => {
    const form = sourceOf(input as StoredInput);
    if (deps.gateway.info.offline) {
      return {
        content:
          form.summaryType === 'TOPIC_SUMMARY'
            ? topicOutlineOffline(item.title, form.topic)
            : summariseOffline({ title: item.title, text: form.text, format: form.summaryFormat }),
      };
    }
    const source = form.summaryType === 'TOPIC_SUMMARY' ? `주제: ${form.topic}` : `원문:\n${form.text}`;
    const output = await deps.gateway.generateObject({
      caller: { userId: item.creatorId },
      purpose: 'summary',
      system: (await deps.tools.systemPromptFor(PROMPT_SEQ)) ?? '주어진 내용을 학생 수준에 맞게 요약합니다.',
      prompt: [
        `제목: ${item.title}`,
        `형식: ${FORMAT_LABEL[form.summaryFormat] ?? form.summaryFormat}`,
        form.grade ? `대상 학년: ${form.grade}` : '',
        form.details ? `추가 요청: ${form.details}` : '',
        source,
      ]
        .filter(Boolean)
        .join('\n'),
      schema: modelOutputSchema,
    });
    return { content: summaryResultSchema.parse({ ...output, engine: 'model', notice: null }) };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: SUMMARY,
    resultSchema: summaryResultSchema,
    async formOf(stored, item) {
      const kept = stored as StoredInput;
      if (!isKeptForm(kept)) return legacyFormOf(kept);
      return { ...kept.form, keptFiles: await deps.files.present(item.creatorId, kept.files) };
    },
    onRemove: (item) => deps.files.removeKeptOf(item),
  });

  /** Each new document read (an unreadable or unsupported one refuses the form), in order. */
  async function readDocuments(files: SpooledFile[]): Promise<{ file: SpooledFile; text: string }[]> {
    const read: { file: SpooledFile; text: string }[] = [];
    for (const file of files) {
      try {
        const document = await deps.reader.readFile(file.path, file.filename, {
          allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf'],
        });
        read.push({ file, text: document.text });
      } catch (error) {
        if (isDocumentError(error) && error.reason === 'unsupported-type') {
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'files', message: SUMMARY_MESSAGES.unsupported }],
          });
        }
        if (isDocumentError(error)) throw documentFileError(error, 'files');
        throw error;
      }
    }
    return read;
  }

  /**
   * The stored input of a form: the documents kept from before that it still lists, then the new
   * ones (read first, stored only once the whole form is acceptable). A typed text or a topic
   * keeps no files.
   */
  async function storedInput(
    actor: Actor,
    input: SummaryInput,
    files: SpooledFile[],
    previous: StoredKeptFile[],
  ): Promise<StoredSummaryInput> {
    const { keptFiles, ...form } = input;
    if (input.summaryType !== 'DOCUMENT_SUMMARY') return { form, files: [] };
    const kept = keptFilesOf(previous, keptFiles);
    if (kept.length + files.length === 0)
      throw new AppError('E_VALIDATION', { details: [{ path: 'files', message: SUMMARY_MESSAGES.noFile }] });
    if (kept.length + files.length > SUMMARY_MAX_FILES)
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'files', message: `파일은 ${SUMMARY_MAX_FILES}개까지 올릴 수 있어요.` }],
      });
    const added = await readDocuments(files);
    const stored = [...kept];
    for (const { file, text } of added) stored.push(await deps.files.keep(actor.userId, file, text));
    return { form, files: stored };
  }

  return {
    async create(actor: Actor, input: SummaryInput, files: SpooledFile[]) {
      await deps.generation.assertLicensed(actor);
      const stored = await storedInput(actor, input, files, []);
      return deps.generation.submit(actor, {
        libraryType: SUMMARY,
        materialType: 'summary',
        title: input.title,
        input: stored,
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq ?? null,
        promptSeq: PROMPT_SEQ,
      });
    },

    /**
     * Again, by its creator: from the kept form, or from a changed one (validated like a new one;
     * the documents it no longer lists are removed once the new form is stored).
     */
    async recreate(actor: Actor, id: number, changed: SummaryInput | undefined, files: SpooledFile[]) {
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

    items,
    get: items.get,
    list: items.list,
    saveResult: items.saveResult,
    remove: items.remove,
  };
}

export const summaryUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  result: summaryResultSchema.optional(),
});
export type SummaryService = ReturnType<typeof createSummaryService>;
