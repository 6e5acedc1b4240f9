import { type AiConnection, aiConnectionSchema } from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/config.ts';
import { withRoles } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';

/** The address of a model server without credentials or query: what an operator needs to check. */
function safeUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.replace(/\/$/, '');
  } catch {
    return null;
  }
}

/** The installation's model connection, described for its operator (README, "The AI assistant"). */
export function describeAiConnection(config: Config): AiConnection {
  const provider = config.AI_PROVIDER_RESOLVED;
  const connected = provider !== 'offline';
  return {
    provider,
    connected,
    model: connected ? config.AI_MODEL : null,
    baseUrl: provider === 'openai-compatible' ? safeUrl(config.AI_BASE_URL) : null,
    imageModel: config.AI_IMAGE_MODEL ?? (provider === 'openai' ? 'gpt-image-1' : null),
    transcriptionModel: connected ? config.AI_TRANSCRIPTION_MODEL : null,
    vision: config.AI_VISION ?? provider === 'openai',
    settings: [
      { name: 'OPENAI_API_KEY', set: Boolean(config.OPENAI_API_KEY), meaning: 'OpenAI를 씁니다.' },
      {
        name: 'AI_BASE_URL',
        set: Boolean(config.AI_BASE_URL),
        meaning: '학교·기관 서버의 OpenAI 호환 모델(vLLM, Ollama, LM Studio)을 씁니다.',
      },
      { name: 'AI_API_KEY', set: Boolean(config.AI_API_KEY), meaning: '호환 서버가 요구하는 키입니다.' },
      { name: 'AI_MODEL', set: true, meaning: `모델 이름입니다 (지금 ${config.AI_MODEL}).` },
      { name: 'AI_IMAGE_MODEL', set: Boolean(config.AI_IMAGE_MODEL), meaning: '그림을 그리는 모델입니다.' },
    ],
  };
}

/** GET /api/v1/admin/ai-connection: the super administrator's view of the model connection. */
export function aiConnectionRoutes(config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/admin/ai-connection',
      {
        preHandler: withRoles('ROLE_SUPER_ADMIN'),
        schema: {
          tags: ['admin'],
          summary: 'How this installation reaches a model (super administrators only)',
          response: { 200: aiConnectionSchema, ...ERROR_RESPONSES },
        },
      },
      async () => describeAiConnection(config),
    );
  };
}
