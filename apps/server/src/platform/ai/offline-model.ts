import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';

/** What the offline composer sees: the conversation as plain text, last user turn separate. */
export interface OfflineRequest {
  system: string;
  lastUserText: string;
  turns: { role: string; text: string }[];
  wantsJson: boolean;
}

export type OfflineComposer = (request: OfflineRequest) => string | Promise<string>;

const ZERO_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('');
}

export function toOfflineRequest(prompt: LanguageModelV4Prompt, wantsJson: boolean): OfflineRequest {
  const turns = prompt.map((message) => ({ role: message.role, text: textOf(message.content) }));
  const system = turns
    .filter((t) => t.role === 'system')
    .map((t) => t.text)
    .join('\n');
  const lastUser = [...turns].reverse().find((t) => t.role === 'user');
  return {
    system,
    lastUserText: lastUser?.text ?? '',
    turns: turns.filter((t) => t.role !== 'system'),
    wantsJson,
  };
}

/** Splits text into small pieces (words with their spacing) so offline answers stream like a model's. */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * The model used when none is configured: deterministic, honest, and streamed through exactly
 * the same AI SDK path as a real model. It uses no tokens.
 */
export function createOfflineModel(
  compose: OfflineComposer,
  options: { wordDelayMs?: number } = {},
): LanguageModelV4 {
  const wordDelayMs = options.wordDelayMs ?? 0;
  return {
    specificationVersion: 'v4',
    provider: 'ssaem-offline',
    modelId: 'offline',
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions) {
      const text = await compose(toOfflineRequest(options.prompt, options.responseFormat?.type === 'json'));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: ZERO_USAGE,
        warnings: [],
      };
    },
    async doStream(options: LanguageModelV4CallOptions) {
      const text = await compose(toOfflineRequest(options.prompt, options.responseFormat?.type === 'json'));
      const pieces = streamPieces(text);
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 'offline-text' });
          for (const delta of pieces) {
            if (options.abortSignal?.aborted) break;
            controller.enqueue({ type: 'text-delta', id: 'offline-text', delta });
            if (wordDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, wordDelayMs));
          }
          controller.enqueue({ type: 'text-end', id: 'offline-text' });
          controller.enqueue({
            type: 'finish',
            usage: ZERO_USAGE,
            finishReason: { unified: 'stop', raw: 'stop' },
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
