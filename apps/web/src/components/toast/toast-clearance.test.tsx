import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_CLEARANCE, useToastClearance } from './toast-clearance';

function Composer() {
  const ref = useRef<HTMLFormElement>(null);
  useToastClearance(ref);
  return <form ref={ref} aria-label="메시지" />;
}

describe('useToastClearance', () => {
  it('raises the toasts above the element while it is on the page', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 740 } as DOMRect);
    const view = render(<Composer />);
    // 844 − 740 + a 12 px gap.
    expect(document.documentElement.style.getPropertyValue(TOAST_CLEARANCE)).toBe('116px');
    view.unmount();
    expect(document.documentElement.style.getPropertyValue(TOAST_CLEARANCE)).toBe('');
  });
});
