import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A group of choices (filter chips) named for screen readers, without a visible frame. */
export function ChipFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <VisuallyHidden component="legend">{legend}</VisuallyHidden>
      {children}
    </fieldset>
  );
}
