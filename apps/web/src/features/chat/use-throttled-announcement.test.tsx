import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useThrottledAnnouncement } from './use-throttled-announcement';

afterEach(() => vi.useRealTimers());

describe('useThrottledAnnouncement', () => {
  it('changes the announced status at most once a second and ends on the latest one', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useThrottledAnnouncement(text), {
      initialProps: { text: '' },
    });
    rerender({ text: '보내는 중' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('보내는 중');
    rerender({ text: '쓰는 중' });
    rerender({ text: '끝' });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe('보내는 중');
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe('끝');
  });
});
