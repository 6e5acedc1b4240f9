import { randomUUID } from 'node:crypto';
import {
  type Language,
  PLAYGROUND_MAX_OUTPUT_TOKENS,
  type PlaygroundGenerate,
  type PlaygroundOutput,
  type PlaygroundResult,
} from '@ssaem/contracts';
import { createAiGateway } from '../../platform/ai/gateway.ts';
import type { ModelChoice } from '../../platform/ai/models.ts';
import type { UsageLimits } from '../../platform/ai/usage-limits.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import type { AuditContext } from './audit.service.ts';
import type { PlaygroundRepository } from './playground.repository.ts';
import type { PromptVersionsService } from './prompt-versions.service.ts';

/** The usage marker of playground calls on the token dashboard. */
export const PLAYGROUND_PURPOSE = 'playground';

const OFFLINE_NOTICE: Record<Language, string> = {
  ko: 'AI 모델이 연결되어 있지 않아, 두 결과 모두 시스템 프롬프트를 따르지 않는 오프라인 초안 작성기가 만들었어요.',
  en: 'No AI model is connected, so both outputs come from the offline drafter, which does not follow the system prompt.',
};

interface Side {
  side: 'draft' | 'live';
  version: number | null;
  systemPrompt: string;
}

/**
 * The prompt playground: a draft and the live prompt run on the same sample input through the
 * same gateway, limits and privacy rules as the tools — but against a ledger of its own, so no
 * licence is charged and the tokens are recorded as the super administrator's, marked playground.
 */
export function createPlaygroundService(deps: {
  choice: ModelChoice;
  limits: UsageLimits;
  repository: PlaygroundRepository;
  versions: PromptVersionsService;
  tools: ToolsService;
}) {
  async function run(
    userId: number,
    promptSeq: number,
    side: Side,
    input: string,
  ): Promise<PlaygroundOutput> {
    let tokens = 0;
    const ledger = {
      async reserve() {
        return { id: randomUUID(), userLicenseId: 0 };
      },
      async settle(_reservation: unknown, used: number) {
        tokens = Math.max(0, Math.round(used));
        await deps.repository.insertRun({
          userId,
          promptSeq,
          side: side.side,
          version: side.version,
          purpose: PLAYGROUND_PURPOSE,
          model: deps.choice.modelId,
          tokens,
          createdAt: new Date().toISOString(),
        });
        return true;
      },
      // Nothing was taken from any licence, so a failed call has nothing to give back.
      async release() {
        return true;
      },
    };
    const gateway = createAiGateway({ choice: deps.choice, tracker: ledger, limits: deps.limits });
    let output = '';
    for await (const event of gateway.streamChat({
      caller: { userId },
      purpose: PLAYGROUND_PURPOSE,
      system: side.systemPrompt,
      turns: [{ role: 'user', text: input }],
      maxOutputTokens: PLAYGROUND_MAX_OUTPUT_TOKENS,
    })) {
      if (event.type === 'text') output += event.delta;
    }
    return { version: side.version, systemPrompt: side.systemPrompt, output: output.trim(), tokens };
  }

  return {
    async generate(
      context: AuditContext,
      language: Language,
      body: PlaygroundGenerate,
    ): Promise<PlaygroundResult> {
      // Both read through the prompt services, which refuse anyone but the super administrator.
      const current = await deps.tools.getPrompt(context.actor, body.promptSeq);
      const versions = await deps.versions.list(context, body.promptSeq);
      const liveVersion = versions.find((v) => v.live)?.version ?? null;
      let draft: Side;
      if (body.version !== undefined) {
        const picked = versions.find((v) => v.version === body.version);
        if (!picked) throw new AppError('E_NOT_FOUND');
        draft = { side: 'draft', version: picked.version, systemPrompt: picked.systemPrompt };
      } else {
        draft = { side: 'draft', version: null, systemPrompt: body.systemPrompt ?? '' };
      }
      const live: Side = { side: 'live', version: liveVersion, systemPrompt: current.systemPrompt };
      const [draftOutput, liveOutput] = await Promise.all([
        run(context.actor.userId, body.promptSeq, draft, body.input),
        run(context.actor.userId, body.promptSeq, live, body.input),
      ]);
      return {
        engine: deps.choice.offline ? 'offline' : 'model',
        model: deps.choice.modelId,
        notice: deps.choice.offline ? OFFLINE_NOTICE[language] : null,
        draft: draftOutput,
        live: liveOutput,
      };
    },
  };
}

export type PlaygroundService = ReturnType<typeof createPlaygroundService>;
