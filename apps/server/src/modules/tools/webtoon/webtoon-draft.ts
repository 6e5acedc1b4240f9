import {
  WEBTOON_MAX_LINE,
  WEBTOON_SETTINGS,
  type WebtoonCharacter,
  type WebtoonPanel,
  type WebtoonResult,
} from '@ssaem/contracts';
import { sentencesOf } from '../draft-text.ts';
import { withParticle } from '../korean-particles.ts';

export const OFFLINE_NOTICE =
  'AI 모델이 연결되어 있지 않아 입력하신 주제와 내용으로 만든 오프라인 초안이에요.';

const COLOURS = ['#4C6EF5', '#F76707', '#12B886'];
const REACTIONS = [
  '아하, 그렇구나!',
  '정말? 신기하다!',
  '그럼 그다음은 뭐야?',
  '이제 조금 알 것 같아.',
  '교과서에서도 찾아봐야지!',
];
const ASKS = ['그건 왜 그래?', '더 알려 줄 수 있어?', '예를 들어 줄래?', '그다음은?'];

export interface DraftRequest {
  topic: string;
  grade: string;
  facts: string;
  panelCount: number;
  characters: string[];
}

/** The cast: the teacher's names, or a pupil and the teacher. The first asks, the second explains. */
export function castOf(names: string[]): WebtoonCharacter[] {
  const chosen = names.length >= 2 ? names : [names[0] ?? '하늘', '선생님'];
  return chosen.slice(0, 3).map((name, i) => ({
    name,
    role:
      name === '선생님' ? '선생님' : i === 0 ? '궁금한 학생' : i === 1 ? '설명하는 친구' : '함께하는 친구',
    colour: COLOURS[i] ?? '#868E96',
  }));
}

/** A sentence cut into lines that fit a bubble, at spaces, never mid-word when a space allows it. */
export function linesOf(sentence: string, max = WEBTOON_MAX_LINE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of sentence.trim().split(/\s+/u)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= max) line = candidate;
    else {
      if (line) lines.push(line);
      line = word.slice(0, max);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A fact as the explainer says it: the teacher's sentence, ending in a full stop when it has none. */
function spoken(fact: string): string {
  const trimmed = fact.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/u, '').trim();
  return /[.!?]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The offline drafter: a short story that puts the teacher's own facts in the explainer's mouth,
 * one fact a panel, with an opening question and a closing summary. Nothing is invented about the
 * topic: panels without a fact send the pupils to their textbook or to each other.
 */
export function draftWebtoon(request: DraftRequest): Pick<WebtoonResult, 'characters' | 'panels'> {
  const characters = castOf(request.characters);
  const asker = characters[0]?.name ?? '하늘';
  const explainer = characters[1]?.name ?? '선생님';
  const friend = characters[2]?.name;
  const topic = request.topic.trim();
  const facts = sentencesOf(request.facts)
    .map(spoken)
    .filter((fact) => fact.length > 1);
  const middle = request.panelCount - 2;
  const panels: WebtoonPanel[] = [];
  const setting = (i: number) => WEBTOON_SETTINGS[i % 5] ?? 'classroom';

  panels.push({
    scene: `${request.grade} 교실에서 ${withParticle(asker, '이/가')} ${topic}에 대해 궁금해한다.`,
    setting: 'classroom',
    narration:
      linesOf(`${request.grade} 어느 날, ${withParticle(topic, '을/를')} 배우는 시간이에요.`)[0] ?? '',
    dialogue: [
      { speaker: asker, text: linesOf(`${withParticle(topic, '이/가')} 뭘까? 궁금해!`)[0] ?? '궁금해!' },
      { speaker: explainer, text: '좋은 질문이야. 함께 알아보자!' },
    ],
    imageUrl: null,
  });

  // Facts beyond the middle panels share a panel, two to a panel at most, in the teacher's order.
  const perPanel = facts.length > middle ? Math.min(2, Math.ceil(facts.length / middle)) : 1;
  for (let i = 0; i < middle; i += 1) {
    const own = facts.slice(i * perPanel, (i + 1) * perPanel);
    const first = own[0];
    if (first) {
      const said = own.flatMap((fact) => linesOf(fact)).slice(0, 2);
      panels.push({
        scene: `${withParticle(explainer, '이/가')} ${asker}에게 ${topic}에 대해 설명한다: ${first}`.slice(
          0,
          300,
        ),
        setting: setting(i + 1),
        narration:
          i === 0 ? (linesOf(`${withParticle(explainer, '이/가')} 차근차근 알려 줘요.`)[0] ?? '') : '',
        dialogue: [
          ...(i > 0 ? [{ speaker: asker, text: ASKS[(i - 1) % ASKS.length] ?? '그다음은?' }] : []),
          ...said.map((text) => ({ speaker: explainer, text })),
          ...(i === 0
            ? [{ speaker: friend ?? asker, text: REACTIONS[i % REACTIONS.length] ?? '아하!' }]
            : []),
        ].slice(0, 3),
        imageUrl: null,
      });
      continue;
    }
    // No fact left for this panel: an activity the pupils can do, not a made-up fact.
    const activities = [
      {
        narration: '직접 찾아볼 차례예요.',
        lines: [
          {
            speaker: explainer,
            text: linesOf(`교과서에서 ${withParticle(topic, '을/를')} 다룬 쪽을 함께 찾아볼까?`)[0] ?? '',
          },
          { speaker: asker, text: '좋아, 중요한 낱말에 밑줄을 그어 볼게!' },
        ],
        setting: 'library' as const,
      },
      {
        narration: '모둠 친구들과 이야기해요.',
        lines: [
          { speaker: asker, text: '내가 알게 된 것을 친구에게 설명해 볼래.' },
          { speaker: explainer, text: '설명하다 보면 더 잘 기억할 수 있어.' },
        ],
        setting: 'classroom' as const,
      },
      {
        narration: '생활 속에서 찾아봐요.',
        lines: [
          {
            speaker: explainer,
            text: linesOf(`우리 주변에서 ${withParticle(topic, '와/과')} 관련된 것을 찾아볼까?`)[0] ?? '',
          },
          { speaker: asker, text: '집에 가는 길에 잘 살펴볼게!' },
        ],
        setting: 'outdoor' as const,
      },
    ];
    const activity =
      activities[(i - Math.ceil(facts.length / perPanel)) % activities.length] ?? activities[0];
    if (!activity) continue;
    panels.push({
      scene: `${withParticle(asker, '와/과')} ${withParticle(explainer, '이/가')} ${topic} 활동을 한다: ${activity.narration}`,
      setting: activity.setting,
      narration: activity.narration,
      dialogue: activity.lines.filter((line) => line.text),
      imageUrl: null,
    });
  }

  panels.push({
    scene: `${withParticle(asker, '이/가')} 오늘 배운 ${withParticle(topic, '을/를')} 정리한다.`,
    setting: 'home',
    narration: linesOf(`오늘 배운 것: ${topic}`)[0] ?? '',
    dialogue: [
      {
        speaker: asker,
        text: linesOf(`이제 ${withParticle(topic, '을/를')} 친구에게 설명할 수 있어!`)[0] ?? '이제 알겠어!',
      },
      { speaker: explainer, text: '잘했어. 배운 내용을 공책에 정리해 보자.' },
    ],
    imageUrl: null,
  });
  return { characters, panels };
}
