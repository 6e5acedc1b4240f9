import type { Message } from '@ssaem/contracts';
import { describe, expect, it } from 'vitest';
import { Generation } from './generation.ts';

function newGeneration() {
  return new Generation({
    userId: 1,
    conversationId: 'conversation',
    requestMessage: { messageId: 'question' } as Message,
    responseMessageId: 'answer',
    agentId: 'agent',
  });
}

describe('what a running answer leaves for the snapshot writer', () => {
  it('starts with nothing unsaved', () => {
    expect(newGeneration().unsavedSince).toBe(0);
  });

  it.each([
    ['text', (g: Generation) => g.apply({ type: 'text', delta: '안녕하세요' })],
    ['reasoning', (g: Generation) => g.apply({ type: 'reasoning', delta: '생각' })],
    [
      'a tool call',
      (g: Generation) => g.apply({ type: 'tool-call', id: 'call', name: 'search_library', args: '{}' }),
    ],
    ['a picture', (g: Generation) => g.addImage('/api/v1/chat/images/picture.png')],
  ])('marks the answer unsaved on %s', (_, change) => {
    const generation = newGeneration();
    change(generation);
    expect(generation.unsavedSince).toBeGreaterThan(0);
  });

  it('marks a tool’s result unsaved after its call was saved', () => {
    const generation = newGeneration();
    generation.apply({ type: 'tool-call', id: 'call', name: 'search_library', args: '{}' });
    generation.unsavedSince = 0;
    generation.apply({ type: 'tool-result', id: 'call', name: 'search_library', output: '{"materials":[]}' });
    expect(generation.unsavedSince).toBeGreaterThan(0);
  });

  it('keeps the time of the oldest unsaved change, which the save is due by', () => {
    const generation = newGeneration();
    generation.apply({ type: 'text', delta: '첫 ' });
    const first = generation.unsavedSince;
    const later = performance.now() + 1;
    while (performance.now() < later) {
      // a millisecond passes
    }
    generation.apply({ type: 'text', delta: '둘째' });
    expect(generation.unsavedSince).toBe(first);
    expect(generation.text()).toBe('첫 둘째');
  });
});
