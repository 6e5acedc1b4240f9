import { describe, expect, it, vi } from 'vitest';
import { createFrameBatcher, type FrameScheduler } from './frame-batcher';

function manualScheduler() {
  const queue: Array<() => void> = [];
  const scheduler: FrameScheduler = {
    request: (callback) => {
      queue.push(callback);
      return queue.length - 1;
    },
    cancel: (handle) => {
      queue[handle as number] = () => {};
    },
  };
  const frame = () => {
    const callbacks = queue.splice(0);
    for (const callback of callbacks) callback();
  };
  return { scheduler, frame, pending: () => queue.length };
}

describe('createFrameBatcher', () => {
  it('hands over only the latest value, once per animation frame', () => {
    const { scheduler, frame, pending } = manualScheduler();
    const flush = vi.fn();
    const batcher = createFrameBatcher<string>(flush, scheduler);
    for (let i = 1; i <= 200; i += 1) batcher.set('x'.repeat(i));
    expect(flush).not.toHaveBeenCalled();
    expect(pending()).toBe(1);
    frame();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenLastCalledWith('x'.repeat(200));
    frame();
    expect(flush).toHaveBeenCalledTimes(1);
    batcher.set('next');
    frame();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('flushes at once when the stream ends and forgets a value after dispose', () => {
    const { scheduler, frame } = manualScheduler();
    const flush = vi.fn();
    const batcher = createFrameBatcher<number>(flush, scheduler);
    batcher.set(1);
    batcher.flushNow();
    expect(flush).toHaveBeenCalledWith(1);
    batcher.set(2);
    batcher.dispose();
    frame();
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
