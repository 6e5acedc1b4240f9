import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';
import type { ToastVariant } from './toast-timing';

function Trigger({ variant }: { variant?: ToastVariant }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show('저장했어요.', { variant })}>
      show
    </button>
  );
}

function showToast(variant?: ToastVariant) {
  render(
    <ToastProvider>
      <Trigger variant={variant} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const toast = () => screen.queryByText('저장했어요.');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  it('shows a message for 3 s, fades it over 0.4 s, then removes it', () => {
    showToast();
    expect(toast()).not.toBeNull();
    expect(toast()?.hasAttribute('data-leaving')).toBe(false);
    expect(toast()?.style.transitionDuration).toBe('400ms');

    advance(2999);
    expect(toast()?.hasAttribute('data-leaving')).toBe(false);
    advance(1);
    expect(toast()?.hasAttribute('data-leaving')).toBe(true);

    advance(399);
    expect(toast()).not.toBeNull();
    advance(1);
    expect(toast()).toBeNull();
  });

  it('shows the notification variant for 2 s and fades it over 0.5 s', () => {
    showToast('notification');
    expect(toast()?.style.transitionDuration).toBe('500ms');

    advance(1999);
    expect(toast()?.hasAttribute('data-leaving')).toBe(false);
    advance(1);
    expect(toast()?.hasAttribute('data-leaving')).toBe(true);

    advance(499);
    expect(toast()).not.toBeNull();
    advance(1);
    expect(toast()).toBeNull();
  });

  it('announces messages politely to screen readers', () => {
    showToast();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('status').textContent).toContain('저장했어요.');
  });

  it('refuses to be used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow(/ToastProvider/);
  });
});
