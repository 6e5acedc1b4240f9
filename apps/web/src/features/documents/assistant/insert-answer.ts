import type { Editor, JSONContent } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';

/** One line stays inline; several become paragraphs. */
function contentOf(text: string): JSONContent[] {
  const lines = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 1) return [{ type: 'text', text: lines[0] }];
  return lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] }));
}

/**
 * Puts an answer into the document at the cursor (after the selection) or in place of the
 * selection, in one transaction that starts its own history event: one undo takes it out again.
 */
export function insertAnswer(editor: Editor, text: string, mode: 'insert' | 'replace'): boolean {
  const { from, to } = editor.state.selection;
  const target = mode === 'replace' && from !== to ? { from, to } : to;
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      closeHistory(tr);
      return true;
    })
    .insertContentAt(target, contentOf(text))
    .run();
}
