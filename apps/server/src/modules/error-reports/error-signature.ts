import { createHash } from 'node:crypto';

/**
 * One signature for the same fault however often it is reported: the message with numbers
 * blanked, and the top three stack frames without line/column numbers, query strings or the
 * build's content hashes (so a redeploy does not split a group).
 */
export function errorSignature(message: string, stack: string | null | undefined): string {
  const frames = (stack ?? '')
    .split('\n')
    .filter((line) => /^\s*at\s|@/.test(line))
    .slice(0, 3)
    .map((line) =>
      line
        .replace(/:\d+:\d+\)?\s*$/, '')
        .replace(/[?#].*$/, '')
        .replace(/-[A-Za-z0-9_]{8,}\./g, '.')
        .trim(),
    );
  const text = `${message.replace(/\d+/g, '#').trim()}\n${frames.join('\n')}`;
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
