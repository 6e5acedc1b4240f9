import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { englishMessage, messageIn } from './messages-en.ts';

const root = join(import.meta.dirname, '../../..');
const HANGUL = /[\uac00-\ud7a3]/;
/** A template's `${…}` as a sample value: the number a message usually holds. */
const SAMPLE = '12';

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(root, dir, file));
}

/** An ESTree node as the parser gives it, with the parent the walk sets. */
interface Node {
  type: string;
  start: number;
  parent?: Node;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function textOf(node: Node): string | null {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') {
    const quasis = node.quasis as { value: { cooked: string } }[];
    return quasis.map((quasi) => quasi.value.cooked).join(SAMPLE);
  }
  return null;
}

const nameOf = (node: unknown): string =>
  isNode(node) ? String(node.name ?? (isNode(node.property) ? node.property.name : '')) : '';

/** Calls whose string argument is a field's message: zod's checks and the schemas' list helper. */
const MESSAGE_CALLS = new Set(['min', 'max', 'length', 'regex', 'refine', 'choiceListSchema']);

/**
 * Where a Korean string is a message for a field: a `message` property, a check's message argument,
 * a `*_MESSAGES` table's entry, a `*_MESSAGE` constant, a spreadsheet error's message, and what
 * `duplicateOf` answers (the roster's duplicate rows).
 */
function isMessagePosition(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'Property' && parent.value === node) {
    const key = nameOf(parent.key);
    if (key === 'message') return true;
    // A bilingual entry ({ ko, en }) carries its own English.
    if (key === 'ko') return false;
    let table: Node | undefined = parent;
    while (table && table.type !== 'VariableDeclarator') table = table.parent;
    return Boolean(table && /_MESSAGES$/.test(nameOf(table.id)));
  }
  if (parent.type === 'VariableDeclarator') return /_MESSAGE$/.test(nameOf(parent.id));
  if (parent.type === 'CallExpression') {
    const args = parent.arguments as Node[];
    const callee = parent.callee as Node;
    const name = callee.type === 'MemberExpression' ? nameOf(callee.property) : nameOf(callee);
    return MESSAGE_CALLS.has(name) && args.indexOf(node) > 0;
  }
  if (parent.type === 'NewExpression') return nameOf(parent.callee) === 'SheetError';
  if (parent.type === 'ReturnStatement' || parent.type === 'ConditionalExpression') {
    let fn: Node | undefined = parent;
    while (fn && fn.type !== 'FunctionDeclaration') fn = fn.parent;
    return Boolean(fn && nameOf(fn.id) === 'duplicateOf');
  }
  return false;
}

/** Every Korean field message written in the contracts and the server, with where it is. */
function koreanMessages(): { message: string; at: string }[] {
  const found: { message: string; at: string }[] = [];
  for (const file of [...sourcesUnder('packages/contracts/src'), ...sourcesUnder('apps/server/src')]) {
    const text = readFileSync(file, 'utf8');
    const { program, errors } = parseSync(file, text, { lang: 'ts' });
    if (errors.length) throw new Error(`${file} did not parse: ${errors[0]?.message}`);
    const visit = (node: Node, parent: Node | undefined) => {
      node.parent = parent;
      const message = textOf(node);
      if (message !== null && HANGUL.test(message) && isMessagePosition(node)) {
        const line = text.slice(0, node.start).split('\n').length;
        found.push({ message, at: `${relative(root, file)}:${line}` });
      }
      for (const [key, value] of Object.entries(node)) {
        if (key === 'parent') continue;
        if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item, node);
        if (isNode(value)) visit(value, node);
      }
    };
    visit(program as unknown as Node, undefined);
  }
  return found;
}

describe('the English of the field messages', () => {
  const messages = koreanMessages();

  it('finds the messages where they are written (the reader is not blind)', () => {
    const texts = new Set(messages.map((m) => m.message));
    for (const known of [
      '학년을 선택해주세요.',
      '자료명을 입력해주세요.',
      '상담 영역을 하나 이상 선택해주세요.',
      '상담 시간을 10분에서 60분 사이(10분 단위)로 선택해주세요.',
      '엑셀(.xlsx) 파일이 아닙니다.',
      `${SAMPLE}번 학생이 이미 있습니다.`,
      `${SAMPLE}자 이내로 입력해주세요.`,
    ]) {
      expect(texts.has(known), known).toBe(true);
    }
    expect(messages.length).toBeGreaterThan(200);
  });

  it('has an English text for every Korean message of the schemas and the server', () => {
    const missing = messages.filter(({ message }) => englishMessage(message) === message);
    expect(missing.map(({ message, at }) => `${at}  ${message}`)).toEqual([]);
  });

  it('writes English without Korean, and keeps the numbers and lists of a message', () => {
    for (const { message } of messages) {
      const english = englishMessage(message);
      expect(HANGUL.test(english.replace(/남|여|교사|학생|세부능력 및 특기사항/g, '')), english).toBe(false);
    }
    expect(englishMessage('2,000자 이내로 입력해주세요.')).toBe('Use at most 2,000 characters.');
    expect(englishMessage('이 학년·과목의 성취기준에 없는 코드예요: [4수01-01], [4수01-02]')).toBe(
      'These codes are not achievement standards of this grade and subject: [4수01-01], [4수01-02]',
    );
  });

  it('leaves Korean as written, and a message it does not know as it is', () => {
    expect(messageIn('ko', '학년을 선택해주세요.')).toBe('학년을 선택해주세요.');
    expect(messageIn('en', '학년을 선택해주세요.')).toBe('Choose a grade.');
    expect(messageIn('en', 'Too small: expected number to be >=1')).toBe(
      'Too small: expected number to be >=1',
    );
  });
});
