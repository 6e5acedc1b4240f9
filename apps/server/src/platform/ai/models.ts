import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModelV4, LanguageModelV4, TranscriptionModelV4 } from '@ai-sdk/provider';
import type { Config } from '../../config/config.ts';
import { type ChatCompletionsStreamer, createChatCompletionsStreamer } from './chat-completions-stream.ts';
import { createOfflineModel, type OfflineComposer } from './offline-model.ts';

export interface ModelChoice {
  model: LanguageModelV4;
  provider: Config['AI_PROVIDER_RESOLVED'];
  modelId: string;
  offline: boolean;
  /** Whether images may be sent to the model. */
  vision: boolean;
  /** Speech to text (meeting recordings), when a provider is configured. */
  transcription: TranscriptionModelV4 | null;
  /** Pictures (lesson illustrations): OpenAI's image model, or a compatible server's when named. */
  image: ImageModelV4 | null;
  /** Chat answers without tools read straight off the socket (OpenAI-compatible servers). */
  streamer: ChatCompletionsStreamer | null;
}

/**
 * The chat model from configuration: OpenAI (Responses API), any OpenAI-compatible server
 * (chat completions, with structured outputs sent as JSON schema), or the offline drafter.
 */
export function chooseModel(config: Config, offlineComposer: OfflineComposer): ModelChoice {
  const provider = config.AI_PROVIDER_RESOLVED;
  if (provider === 'openai' && config.OPENAI_API_KEY) {
    const openai = createOpenAI({
      apiKey: config.OPENAI_API_KEY,
      ...(config.AI_BASE_URL ? { baseURL: config.AI_BASE_URL } : {}),
    });
    return {
      model: openai(config.AI_MODEL),
      provider,
      modelId: config.AI_MODEL,
      offline: false,
      vision: config.AI_VISION ?? true,
      transcription: openai.transcription(config.AI_TRANSCRIPTION_MODEL),
      image: openai.image(config.AI_IMAGE_MODEL ?? 'gpt-image-1'),
      streamer: null,
    };
  }
  if (provider === 'openai-compatible' && config.AI_BASE_URL) {
    const compatible = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: config.AI_BASE_URL,
      ...(config.AI_API_KEY ? { apiKey: config.AI_API_KEY } : {}),
      supportsStructuredOutputs: true,
      includeUsage: true,
    });
    return {
      model: compatible.chatModel(config.AI_MODEL),
      provider,
      modelId: config.AI_MODEL,
      offline: false,
      vision: config.AI_VISION ?? false,
      // Compatible servers (vLLM, LocalAI, whisper servers) expose OpenAI's /audio/transcriptions.
      transcription: createOpenAI({
        baseURL: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY ?? 'none',
      }).transcription(config.AI_TRANSCRIPTION_MODEL),
      // Few on-premises servers draw pictures: only when the image model is named.
      image: config.AI_IMAGE_MODEL
        ? createOpenAI({ baseURL: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? 'none' }).image(
            config.AI_IMAGE_MODEL,
          )
        : null,
      streamer: createChatCompletionsStreamer({
        baseURL: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY,
        model: config.AI_MODEL,
      }),
    };
  }
  return {
    model: createOfflineModel(offlineComposer, { wordDelayMs: config.AI_OFFLINE_WORD_DELAY_MS }),
    provider: 'offline',
    modelId: 'offline',
    offline: true,
    vision: false,
    transcription: null,
    image: null,
    streamer: null,
  };
}
