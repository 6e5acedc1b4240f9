import type { Language, LicenseInfo } from '@ssaem/contracts';
import type { AiGateway, GatewayEvent } from '../../platform/ai/gateway.ts';
import type { Actor } from '../../policies/actor.ts';
import type { ChatRepository } from './chat.repository.ts';

export interface BriefingFacts {
  name: string;
  licence: LicenseInfo;
  recentTitles: string[];
  conversationCount: number;
}

function daysLeft(expiresAt: string | null): number | null {
  if (!expiresAt) return null;
  return Math.ceil((Date.parse(expiresAt) - Date.now()) / 86_400_000);
}

/** The briefing without a model: the same facts, in plain sentences. */
export function composeBriefing(facts: BriefingFacts, language: Language): string {
  const days = daysLeft(facts.licence.expiresAt);
  const limit = facts.licence.tokenLimit;
  const usage =
    limit === 0
      ? language === 'ko'
        ? `토큰은 ${facts.licence.tokenUsed.toLocaleString('ko-KR')}개 사용했고 한도는 없습니다`
        : `you have used ${facts.licence.tokenUsed.toLocaleString('en')} tokens with no limit`
      : language === 'ko'
        ? `토큰 ${limit.toLocaleString('ko-KR')}개 중 ${facts.licence.tokenUsed.toLocaleString('ko-KR')}개(${Math.round((100 * facts.licence.tokenUsed) / limit)}%)를 사용했습니다`
        : `you have used ${facts.licence.tokenUsed.toLocaleString('en')} of ${limit.toLocaleString('en')} tokens (${Math.round((100 * facts.licence.tokenUsed) / limit)}%)`;
  if (language === 'ko') {
    const lines = [`${facts.name} 선생님, 안녕하세요.`];
    lines.push(
      facts.licence.isValid
        ? `라이선스는 유효하며${days !== null ? ` 만료까지 D-${Math.max(0, days)}` : ''}, ${usage}.`
        : '유효한 라이선스가 없습니다. 라이선스를 등록하면 AI 기능을 사용할 수 있습니다.',
    );
    lines.push(
      facts.recentTitles.length
        ? `최근 대화 ${facts.conversationCount}개 중 가장 최근: ${facts.recentTitles.map((t) => `「${t}」`).join(', ')}.`
        : '아직 대화가 없습니다. 아래의 추천 질문으로 시작해 보세요.',
    );
    return lines.join('\n');
  }
  const lines = [`Hello, ${facts.name}.`];
  lines.push(
    facts.licence.isValid
      ? `Your licence is valid${days !== null ? ` for ${Math.max(0, days)} more days` : ''}; ${usage}.`
      : 'You have no valid licence. Register one to use the AI features.',
  );
  lines.push(
    facts.recentTitles.length
      ? `Your latest of ${facts.conversationCount} conversations: ${facts.recentTitles.map((t) => `“${t}”`).join(', ')}.`
      : 'No conversations yet. Start with one of the suggested questions below.',
  );
  return lines.join('\n');
}

/** A short briefing of the teacher's recent work and licence state for the chat start page. */
export function createBriefingService(deps: {
  repository: ChatRepository;
  gateway: AiGateway;
  licenceInfo: (userId: number) => Promise<LicenseInfo>;
}) {
  async function facts(actor: Actor): Promise<BriefingFacts> {
    const [licence, page] = await Promise.all([
      deps.licenceInfo(actor.userId),
      deps.repository.pageConversations(actor.userId, 0, 3),
    ]);
    return {
      name: actor.name,
      licence,
      recentTitles: page.rows.map((row) => row.title),
      conversationCount: page.total,
    };
  }

  return {
    async briefing(actor: Actor, language: Language) {
      const known = await facts(actor);
      return {
        briefing: composeBriefing(known, language),
        facts: known,
        generatedAt: new Date().toISOString(),
      };
    },

    /**
     * The same briefing written by the model when one is connected (it gets the facts, never
     * names of students); offline, or without a valid licence, it is the composed text.
     */
    async *stream(actor: Actor, language: Language): AsyncGenerator<GatewayEvent> {
      const known = await facts(actor);
      const composed = composeBriefing(known, language);
      if (deps.gateway.info.offline || !known.licence.isValid) {
        yield { type: 'text', delta: composed };
        return;
      }
      yield* deps.gateway.streamChat({
        caller: { userId: actor.userId },
        purpose: 'briefing',
        system:
          language === 'ko'
            ? '교사에게 오늘의 짧은 브리핑을 3문장 이내로, 따뜻하고 간결하게 씁니다. 주어진 사실만 사용합니다.'
            : 'Write a warm, concise briefing of at most three sentences for a teacher, using only the facts given.',
        turns: [{ role: 'user', text: composed }],
        maxOutputTokens: 300,
      });
    },
  };
}

export type BriefingService = ReturnType<typeof createBriefingService>;
