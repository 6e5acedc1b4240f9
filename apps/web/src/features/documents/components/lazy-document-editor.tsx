import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

const DocumentEditor = lazy(async () => ({ default: (await import('./document-editor')).DocumentEditor }));

/** The TipTap editor, downloaded when an editor screen first shows it. */
export function LazyDocumentEditor(props: ComponentProps<typeof DocumentEditor>) {
  return (
    <Suspense fallback={<Skeleton h={480} aria-busy />}>
      <DocumentEditor {...props} />
    </Suspense>
  );
}
