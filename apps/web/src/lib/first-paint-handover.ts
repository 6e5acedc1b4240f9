// Answers a page's first paint asked for before the app arrived (features/edutech/first-paint.ts),
// handed to the app's query cache when it is made (lib/app-query-client.ts), so the app draws the
// page from them at once instead of asking again behind a skeleton. Kept in the light script's
// chunk (vite.config.ts), which the app shares: one module, one list, in both.

/** An answer and the query key the app's query files it under. */
export interface HandedOverAnswer {
  key: readonly unknown[];
  data: unknown;
}

let waiting: HandedOverAnswer[] = [];
let receiver: ((answers: HandedOverAnswer[]) => void) | null = null;

/** Gives `answers` to the app's cache, or keeps them for it until it is made. */
export function handOver(answers: HandedOverAnswer[]): void {
  if (receiver) receiver(answers);
  else waiting.push(...answers);
}

/**
 * The app's query cache, once made, takes the answers handed over so far and every one after
 * (an answer can arrive after the app, when a teacher reached for a control while it was asked for).
 */
export function receiveHandedOver(receive: (answers: HandedOverAnswer[]) => void): void {
  receiver = receive;
  const taken = waiting;
  waiting = [];
  if (taken.length > 0) receive(taken);
}
