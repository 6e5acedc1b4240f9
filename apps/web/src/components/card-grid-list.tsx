import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** Cards as a list (each child an <li>): one column on a phone, two on a tablet, three on a desktop. */
export function CardGridList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {children}
    </SimpleGrid>
  );
}
