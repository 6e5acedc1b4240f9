import type { QueryClient } from '@tanstack/react-query';
import { receiveHandedOver } from './first-paint-handover';

// The browser app's query client, created on first use: the query library is not part of the first
// download, so pages that fetch nothing (landing, pricing…) draw without it. Every screen that
// fetches waits for it in its route's lazy (app/entry-routes.tsx) before it renders.
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/** Loads the query library and creates the app's client, once. */
export function loadAppQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ createQueryClient }) => {
    const made = createQueryClient();
    client = made;
    // What the page's first paint asked for before the app arrived: drawn from at once, not asked again.
    receiveHandedOver((answers) => {
      for (const answer of answers) made.setQueryData(answer.key, answer.data);
    });
    for (const listener of listeners) listener();
    return made;
  });
  return loading;
}

/** The app's client once loaded, otherwise null. */
export function appQueryClient(): QueryClient | null {
  return client;
}

export function subscribeAppQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
