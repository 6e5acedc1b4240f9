import type { TestApp } from './build-test-app.ts';
import type { AnyPersona, DemoWorld } from './demo-world.ts';
import { parseFrames, type SseFrame } from './sse-client.ts';

/** Asks a new question as `persona` and reads the whole stream of frames. */
export async function askChat(
  t: TestApp,
  world: DemoWorld,
  text: string,
  persona: AnyPersona = 'teacher',
): Promise<SseFrame[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agents/chat/openAI',
    headers: await world.headersFor(persona),
    payload: { text, parentMessageId: '00000000-0000-0000-0000-000000000000' },
  });
  return parseFrames(res.body);
}
