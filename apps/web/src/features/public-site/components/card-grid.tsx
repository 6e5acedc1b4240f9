import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** A responsive list of cards: one column on phones, up to `columns` on wide screens. */
export function CardGrid({ columns = 3, children }: { columns?: 2 | 3 | 4; children: ReactNode }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, lg: columns }}
      spacing="lg"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {children}
    </SimpleGrid>
  );
}
