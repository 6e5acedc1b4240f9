import { type SummaryInput, summaryResultSchema } from '@ssaem/contracts';
import { isDocumentError } from '@ssaem/documents';
import { z } from 'zod';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import { type DocumentReader, documentFileError } from '../../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../../policies/actor.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { createToolItems } from '../tool-items.ts';
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

interface StoredInput {
  summaryType: string;
  summaryFormat: string;
  topic: string;
  text: string;
  details: string;
  grade: string | null;
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
}) {
  deps.generation.register(SUMMARY, async ({ item, input }) => {
    const form = input as StoredInput;
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
  });

  return {
    /** The text to summarise: the form's text, or every uploaded document's text in order. */
    async sourceText(input: SummaryInput, files: SpooledFile[]): Promise<string> {
      if (input.summaryType === 'TEXT_SUMMARY') return input.inputText.trim();
      if (input.summaryType === 'TOPIC_SUMMARY') return '';
      if (files.length === 0)
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'files', message: '파일을 업로드해주세요.' }],
        });
      const texts: string[] = [];
      for (const file of files) {
        try {
          const document = await deps.reader.readFile(file.path, file.filename, {
            allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf'],
          });
          texts.push(document.text);
        } catch (error) {
          if (isDocumentError(error) && error.reason === 'unsupported-type') {
            throw new AppError('E_VALIDATION', {
              details: [{ path: 'files', message: '지원하지 않는 파일 형식입니다.' }],
            });
          }
          if (isDocumentError(error)) throw documentFileError(error, 'files');
          throw error;
        }
      }
      return texts.join('\n\n').slice(0, MAX_SOURCE_TEXT);
    },

    async create(actor: Actor, input: SummaryInput, text: string) {
      const stored: StoredInput = {
        summaryType: input.summaryType,
        summaryFormat: input.summaryFormat,
        topic: input.summaryTopic,
        text,
        details: input.summaryDetails,
        grade: input.grade ?? null,
      };
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

    items,
    get: items.get,
    list: items.list,
    recreate: items.recreate,
    saveResult: items.saveResult,
    remove: items.remove,
  };
}

export const summaryUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  result: summaryResultSchema.optional(),
});
export type SummaryService = ReturnType<typeof createSummaryService>;
