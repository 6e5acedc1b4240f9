/**
 * Keeps children's data away from third-party models: student names and Korean identifiers are
 * replaced by placeholders before text leaves the server and put back in the answer. The restorer
 * works on a stream, holding back a tail that could be the start of a placeholder split across
 * two chunks.
 */

interface Pattern {
  kind: string;
  regex: RegExp;
}

// Order matters: resident numbers before phone numbers (both are digit runs with hyphens).
const IDENTIFIER_PATTERNS: Pattern[] = [
  { kind: '이메일', regex: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g },
  { kind: '주민등록번호', regex: /(?<!\d)\d{6}\s?-\s?[1-8]\d{6}(?!\d)/g },
  { kind: '전화번호', regex: /(?<!\d)(?:01[016789]|0\d{1,2})[-.\s]?\d{3,4}[-.\s]?\d{4}(?!\d)/g },
];

const PLACEHOLDER = /\[(학생|이메일|주민등록번호|전화번호)(\d+)\]/g;
const LONGEST_PLACEHOLDER = '[주민등록번호9999]'.length;

export interface Pseudonymizer {
  mask(text: string): string;
  restore(text: string): string;
  createRestorer(): StreamRestorer;
  /** True when anything was replaced, so the system prompt can explain the placeholders. */
  readonly used: boolean;
}

export interface StreamRestorer {
  push(chunk: string): string;
  flush(): string;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createPseudonymizer(names: Iterable<string>): Pseudonymizer {
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  const counters = new Map<string, number>();

  function placeholderFor(kind: string, value: string): string {
    const key = `${kind}:${value}`;
    const existing = forward.get(key);
    if (existing) return existing;
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    const placeholder = `[${kind}${n}]`;
    forward.set(key, placeholder);
    backward.set(placeholder, value);
    return placeholder;
  }

  // Longer names first, so "김민준" is replaced before a shorter "민준" inside it.
  const uniqueNames = [...new Set([...names].map((n) => n.trim()).filter((n) => n.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  const nameRegex = uniqueNames.length ? new RegExp(uniqueNames.map(escapeRegExp).join('|'), 'g') : null;

  function restore(text: string): string {
    return text.replace(PLACEHOLDER, (match) => backward.get(match) ?? match);
  }

  return {
    get used() {
      return backward.size > 0;
    },
    mask(text) {
      let masked = text;
      for (const pattern of IDENTIFIER_PATTERNS) {
        masked = masked.replace(pattern.regex, (value) => placeholderFor(pattern.kind, value));
      }
      if (nameRegex) masked = masked.replace(nameRegex, (value) => placeholderFor('학생', value));
      return masked;
    },
    restore,
    createRestorer() {
      let pending = '';
      return {
        push(chunk) {
          // Nothing was masked (most calls): no placeholder can be restored, so nothing is held back.
          if (backward.size === 0 && pending === '') return chunk;
          pending += chunk;
          const open = pending.lastIndexOf('[');
          // Hold back an unclosed "[..." that may still become a placeholder.
          if (open !== -1 && !pending.includes(']', open) && pending.length - open < LONGEST_PLACEHOLDER) {
            const ready = pending.slice(0, open);
            pending = pending.slice(open);
            return restore(ready);
          }
          const out = restore(pending);
          pending = '';
          return out;
        },
        flush() {
          const out = restore(pending);
          pending = '';
          return out;
        },
      };
    },
  };
}

export const PLACEHOLDER_INSTRUCTION =
  '개인정보 보호를 위해 [학생1], [전화번호1] 같은 자리표시자가 실제 이름과 연락처를 대신합니다. 자리표시자는 글자 그대로 유지해 답하세요.';
