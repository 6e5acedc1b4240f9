import { type TextCorrectionInput, textCorrectionResultSchema } from '@ssaem/contracts';
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
import { anchorCorrections, applyCorrections, checkSpelling } from './spell-checker.ts';

export const TEXT_CORRECTION = 'TEXT_CORRECTION';
const PROMPT_SEQ = 5;
const FALLBACK_PROMPT =
  '한국어 맞춤법, 띄어쓰기, 문법을 교정합니다. 각 수정의 원문, 고친 말, 이유, 위치를 씁니다.';

const modelOutputSchema = z.object({
  corrections: z.array(
    z.object({
      original: z.string(),
      suggestion: z.string(),
      reason: z.string(),
      position: z.number().int(),
    }),
  ),
});

/**
 * The spelling and grammar checker (document-tools.md §5, §7): a text or a file is checked in the
 * document pipeline — by the model when one is connected, otherwise by the Korean Hunspell
 * dictionary — and the result lists each correction and the corrected text.
 */
export function createTextCorrectionService(deps: {
  reader: DocumentReader;
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  tools: ToolsService;
}) {
  deps.generation.register(TEXT_CORRECTION, async ({ item, input }) => {
    const { text } = input as { text: string };
    if (deps.gateway.info.offline) return { content: await checkSpelling(text) };
    const system = (await deps.tools.systemPromptFor(PROMPT_SEQ)) ?? FALLBACK_PROMPT;
    const output = await deps.gateway.generateObject({
      caller: { userId: item.creatorId },
      purpose: 'text-correction',
      system,
      prompt: `다음 글의 맞춤법·띄어쓰기·문법 오류를 찾으세요. position은 원문에서 original이 시작하는 글자 위치(0부터)입니다.\n\n${text}`,
      schema: modelOutputSchema,
    });
    const corrections = anchorCorrections(text, output.corrections);
    return {
      content: textCorrectionResultSchema.parse({
        corrections,
        correctedText: applyCorrections(text, corrections),
        checkedText: text,
        engine: 'model',
      }),
    };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: TEXT_CORRECTION,
    resultSchema: textCorrectionResultSchema,
  });

  return {
    /** Reads the text to check from the form or from the uploaded file (type by content). */
    async textFrom(input: TextCorrectionInput, file: SpooledFile | undefined): Promise<string> {
      if (input.useManualType === 'TEXT') return input.userText.trim();
      if (!file)
        throw new AppError('E_VALIDATION', { details: [{ path: 'files', message: '파일을 첨부해주세요.' }] });
      try {
        const document = await deps.reader.readFile(file.path, file.filename, {
          allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf', 'text'],
        });
        if (!document.text.trim()) throw new AppError('E_FILE_001');
        return document.text.slice(0, 20_000);
      } catch (error) {
        if (isDocumentError(error) && error.reason === 'unsupported-type') {
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'files', message: '지원하지 않는 파일 형식입니다.' }],
          });
        }
        if (isDocumentError(error)) throw documentFileError(error, 'files');
        throw error;
      }
    },

    async create(actor: Actor, input: TextCorrectionInput, text: string, idempotencyKey?: string) {
      return deps.generation.submit(actor, {
        libraryType: TEXT_CORRECTION,
        materialType: 'document',
        title: input.title,
        input: { text, query: input.query ?? null },
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq ?? null,
        promptSeq: PROMPT_SEQ,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    },

    items,
    get: items.get,
    list: items.list,
    recreate: items.recreate,
    remove: items.remove,
  };
}

export type TextCorrectionService = ReturnType<typeof createTextCorrectionService>;
