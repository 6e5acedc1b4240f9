import { describe, expect, it, vi } from 'vitest';
import { type ChatChunk, createChunkReader, readingOf } from './chat-chunk-reader.ts';

const frame = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1732870000,
    model: 'm',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  });

/** Reads a stream of chunk data with one reader: each reading must equal a whole parse's. */
function expectSameAsWhole(stream: string[]) {
  const read = createChunkReader();
  for (const data of stream) expect(read(data)).toEqual(readingOf(JSON.parse(data) as ChatChunk));
}

const text = (content: string) => frame({ content });

describe('chat chunk reader', () => {
  it('reads text chunks of the usual shape, plain and escaped, as a whole parse does', () => {
    expectSameAsWhole([
      frame({ role: 'assistant', content: '' }),
      text('안녕'),
      text('하세요'),
      text('say "hi"'),
      // Escapes written the way some servers write them: unicode escapes, escaped slashes.
      frame({ content: 'x' }).replace('"content":"x"', '"content":"\\u00e9t\\u00e9 \\/ \\\\ \\n\\t"'),
      text('😀 줄\n바꿈'),
      text('\\'),
      text('"'),
      text('끝'),
    ]);
  });

  it('parses only the first text chunk whole, and later ones only when their text holds escapes', () => {
    const read = createChunkReader();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      read(text('첫'));
      const afterTemplate = parse.mock.calls.length;
      for (let i = 0; i < 20; i++) expect(read(text(`조각 ${i}`))).toEqual({ text: `조각 ${i}` });
      expect(parse.mock.calls.length).toBe(afterTemplate);
      expect(read(text('줄\n'))).toEqual({ text: '줄\n' });
      expect(read(text('"인용"'))).toEqual({ text: '"인용"' });
      // Only the string bodies, not the chunks.
      expect(parse.mock.calls.slice(afterTemplate).map(([data]) => String(data).startsWith('"'))).toEqual([
        true,
        true,
      ]);
    } finally {
      parse.mockRestore();
    }
  });

  it('reads every other shape whole: reasoning, several choices, tool calls, finish, usage, errors', () => {
    expectSameAsWhole([
      text('먼저'),
      frame({ reasoning_content: '생각' }),
      frame({ reasoning: '생각 2' }),
      frame({ content: '둘', reasoning_content: '함께' }),
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1732870000,
        model: 'm',
        choices: [
          { index: 0, delta: { content: '첫째' }, logprobs: null, finish_reason: null },
          { index: 1, delta: { content: '둘째' }, logprobs: null, finish_reason: null },
        ],
      }),
      frame({
        tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '{"content":"x"}' } }],
      }),
      text('다시'),
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1732870000,
        model: 'm',
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
      }),
      JSON.stringify({ id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 9 } }),
      frame({ content: '사용량과 함께' }, { usage: { prompt_tokens: 1, completion_tokens: 2 } }),
      JSON.stringify({ error: { message: 'overloaded' } }),
      JSON.stringify({ error: 'plain error' }),
    ]);
  });

  it('does not take a chunk for the template when only its text slot looks the same', () => {
    const read = createChunkReader();
    expect(read(text('하나'))).toEqual({ text: '하나' });
    // Same frame around a body that closes the string early and adds a field: read whole.
    const forged = text('X').replace('"content":"X"', '"content":"a","reasoning_content":"b"');
    expect(read(forged)).toEqual({ reasoning: 'b', text: 'a' });
    // A body with an unescaped quote is not valid JSON at all: it fails as a whole parse would.
    const broken = text('X').replace('"content":"X"', '"content":"a"b"');
    expect(() => read(broken)).toThrow(SyntaxError);
    expect(read(text('다시'))).toEqual({ text: '다시' });
  });

  it('follows a frame that changes (a new timestamp each second) and servers that space their JSON', () => {
    const spaced = (content: string, created: number) =>
      JSON.stringify({ id: 'c', created, choices: [{ index: 0, delta: { content }, finish_reason: null }] })
        .replaceAll('":', '": ')
        .replaceAll(',"', ', "');
    expectSameAsWhole([spaced('a', 1), spaced('b', 1), spaced('c', 2), spaced('d', 2), spaced('e: "f"', 3)]);
  });

  it('reads a text slot that is not the delta (a key written with an escape) from a whole parse', () => {
    // The delta's key is escaped, so the only plain "content" key is another field's.
    const tricky = (content: string) =>
      `{"meta":{"content":"${content}"},"choices":[{"index":0,"delta":{"cont\\u0065nt":"${content}"},"finish_reason":null}]}`;
    const read = createChunkReader();
    expect(read(tricky('하나'))).toEqual({ text: '하나' });
    const changed = `{"meta":{"content":"둘"},"choices":[{"index":0,"delta":{"cont\\u0065nt":"하나"},"finish_reason":null}]}`;
    expect(read(changed)).toEqual({ text: '하나' });
  });
});
