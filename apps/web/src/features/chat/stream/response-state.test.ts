import { describe, expect, it } from 'vitest';
import { applyFrame, contentText, createStreamState, type StreamState } from './response-state';
import { SseParser } from './sse-parser';

const requestMessage = {
  messageId: 'm-user',
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  conversationId: 'c-1',
  text: '안녕',
  isCreatedByUser: true,
};

function play(frames: Array<[string, unknown]>, initial: StreamState = createStreamState()): StreamState {
  return frames.reduce((state, [event, data]) => applyFrame(state, event, data), initial);
}

const step = (id: string, index: number, type = 'message_creation') =>
  [
    'message',
    { event: 'on_run_step', data: { id, runId: 'm-answer', index, type, stepDetails: { type } } },
  ] as [string, unknown];
const text = (id: string, value: string) =>
  [
    'message',
    { event: 'on_message_delta', data: { id, delta: { content: [{ type: 'text', text: value }] } } },
  ] as [string, unknown];
const think = (id: string, value: string) =>
  [
    'message',
    { event: 'on_reasoning_delta', data: { id, delta: { content: [{ type: 'think', think: value }] } } },
  ] as [string, unknown];

describe('SseParser', () => {
  it('splits frames across chunk boundaries, skips ping comments, reads event names', () => {
    const parser = new SseParser();
    const events = [
      ...parser.push('data: {"a":'),
      ...parser.push('1}\n\n: ping\n\nevent: error\r\ndata: {"error":"x"}\r\n'),
      ...parser.push('\r\ndata: [DONE]\n'),
      ...parser.end(),
    ];
    expect(events).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'error', data: '{"error":"x"}' },
      { event: 'message', data: '[DONE]' },
    ]);
  });
});

describe('applyFrame', () => {
  it('builds the content array by step index, reasoning and text in their own slots', () => {
    const state = play([
      ['message', { created: true, message: requestMessage, streamId: 's-1' }],
      step('think-step', 0),
      think('think-step', '먼저 '),
      think('think-step', '생각'),
      step('text-step', 1),
      text('text-step', '안녕하'),
      text('text-step', '세요'),
    ]);
    expect(state.phase).toBe('streaming');
    expect(state.streamId).toBe('s-1');
    expect(state.conversationId).toBe('c-1');
    expect(state.responseMessageId).toBe('m-answer');
    expect(state.content).toEqual([
      { type: 'think', think: '먼저 생각' },
      { type: 'text', text: '안녕하세요' },
    ]);
    expect(contentText(state.content)).toBe('안녕하세요');
  });

  it('keeps untouched parts identical, so memoized parts do not re-render', () => {
    const before = play([step('a', 0), think('a', 'x'), step('b', 1), text('b', 'y')]);
    const after = applyFrame(before, ...text('b', 'z'));
    expect(after.content[0]).toBe(before.content[0]);
    expect(after.content[1]).toEqual({ type: 'text', text: 'yz' });
  });

  it('fills a tool call and completes it with progress 1', () => {
    const state = play([
      [
        'message',
        {
          event: 'on_run_step',
          data: {
            id: 'tool-step',
            index: 0,
            type: 'tool_calls',
            stepDetails: { type: 'tool_calls', tool_calls: [{ id: 'call-1', name: 'search', args: '{}' }] },
          },
        },
      ],
      [
        'message',
        {
          event: 'on_run_step_completed',
          data: {
            result: { index: 0, tool_call: { id: 'call-1', name: 'search', args: '{}', output: 'ok' } },
          },
        },
      ],
    ]);
    expect(state.content[0]).toEqual({
      type: 'tool_call',
      tool_call: { id: 'call-1', name: 'search', args: '{}', output: 'ok', progress: 1 },
    });
  });

  it('starts from the sync snapshot on resume and appends live deltas of unknown steps', () => {
    const state = play([
      [
        'message',
        {
          sync: true,
          streamId: 's-9',
          conversationId: 'c-9',
          requestMessage,
          responseMessage: {
            messageId: 'm-9',
            text: '절반',
            content: [{ type: 'text', text: '절반' }],
            unfinished: true,
          },
        },
      ],
      text('step-from-before', '까지 왔어요'),
    ]);
    expect(state.phase).toBe('streaming');
    expect(state.streamId).toBe('s-9');
    expect(state.conversationId).toBe('c-9');
    expect(state.responseMessageId).toBe('m-9');
    expect(state.content).toEqual([{ type: 'text', text: '절반까지 왔어요' }]);
  });

  it('takes the saved answer from the final frame', () => {
    const state = play([
      step('t', 0),
      text('t', '부분'),
      [
        'message',
        {
          final: true,
          conversation: { conversationId: 'c-1', title: 'New Chat' },
          requestMessage,
          responseMessage: {
            messageId: 'm-answer',
            conversationId: 'c-1',
            text: '전체 답변',
            content: [{ type: 'text', text: '전체 답변' }],
            model: 'offline',
            error: false,
          },
        },
      ],
    ]);
    expect(state.phase).toBe('finished');
    expect(state.model).toBe('offline');
    expect(state.content).toEqual([{ type: 'text', text: '전체 답변' }]);
  });

  it('marks the answer failed on an error frame, with the default text when none is given', () => {
    const failed = play([step('t', 0), text('t', '중간'), ['error', { error: 'Provider failed' }]]);
    expect(failed.phase).toBe('error');
    expect(failed.error).toBe('Provider failed');
    expect(failed.content).toEqual([{ type: 'text', text: '중간' }]);
    expect(play([['error', {}]]).error).toBe('Stream error occurred');
  });

  it('stays cancelled when the final frame with the stop note arrives after a cancel', () => {
    const cancelling = { ...play([step('t', 0), text('t', '쓰던 중')]), phase: 'cancelled' as const };
    const state = play(
      [
        text('t', '\n\n_사용자가 응답을 중지했습니다._'),
        [
          'message',
          {
            final: true,
            responseMessage: {
              messageId: 'm-answer',
              text: '쓰던 중\n\n_사용자가 응답을 중지했습니다._',
              content: [{ type: 'text', text: '쓰던 중\n\n_사용자가 응답을 중지했습니다._' }],
              unfinished: true,
            },
          },
        ],
      ],
      cancelling,
    );
    expect(state.phase).toBe('cancelled');
    expect(contentText(state.content)).toContain('중지했습니다');
  });
});

describe('pictures drawn for an answer', () => {
  const progress = (done: number, total: number) =>
    ['message', { event: 'on_image_progress', data: { runId: 'm-answer', done, total } }] as [
      string,
      unknown,
    ];
  const picture = (id: string, index: number, url: string) =>
    [
      'message',
      {
        event: 'on_run_step',
        data: {
          id,
          runId: 'm-answer',
          index,
          type: 'image_url',
          stepDetails: { type: 'image_url', image_url: { url } },
        },
      },
    ] as [string, unknown];

  it('counts pictures done of total, and clears the count when all are done', () => {
    const drawing = play([progress(0, 2), picture('s-1', 1, '/api/v1/chat/images/a.png'), progress(1, 2)]);
    expect(drawing.imageProgress).toEqual({ done: 1, total: 2 });
    expect(drawing.content[1]).toEqual({
      type: 'image_url',
      image_url: { url: '/api/v1/chat/images/a.png' },
    });
    const done = play([picture('s-2', 2, '/api/v1/chat/images/b.png'), progress(2, 2)], drawing);
    expect(done.imageProgress).toBeNull();
    expect(done.content.filter((part) => part?.type === 'image_url')).toHaveLength(2);
  });

  it('ignores a progress frame without numbers', () => {
    const state = play([['message', { event: 'on_image_progress', data: { done: '1' } }]]);
    expect(state.imageProgress).toBeNull();
  });
});
