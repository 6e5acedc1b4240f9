// Answers a page's first paint asked for before the app arrived (features/edutech/first-paint.ts),
// handed to the app's query cache when it is made (lib/app-query-client.ts), so the app draws the
// page from them at once instead of asking again behind a skeleton. Kept in the light script's
// chunk (vite.config.ts), which the app shares: one module, one list, in both.

/** An answer and the query key the app's query files it under. */
export interface HandedOverAnswer {
  key: readonly unknown[];
  data: unknown;
}

let answers: HandedOverAnswer[] = [];

export function handOver(next: HandedOverAnswer[]): void {
  answers = next;
}

/** The answers handed over, once: the cache takes them when it is made. */
export function takeHandedOver(): HandedOverAnswer[] {
  const taken = answers;
  answers = [];
  return taken;
}
