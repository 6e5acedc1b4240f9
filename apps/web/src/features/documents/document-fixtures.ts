import type { DocumentModel, LibraryDocument } from '@ssaem/contracts/documents';
import type { Editor } from '@tiptap/core';

/** An evaluation plan as the generators make it: a heading, a table with a header row, a list. */
export function buildModel(): DocumentModel {
  return {
    type: 'doc',
    attrs: { title: '수학 분수 평가계획' },
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '3학년 수학 평가계획' }] },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableHeader',
                attrs: { colspan: 2 },
                content: [{ type: 'paragraph', content: [{ type: 'text', text: '평가 영역' }] }],
              },
              {
                type: 'tableHeader',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: '평가 방법' }] }],
              },
            ],
          },
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableCell',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: '분수' }] }],
              },
              {
                type: 'tableCell',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: '이해하기' }] }],
              },
              {
                type: 'tableCell',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: '서술형' }] }],
              },
            ],
          },
        ],
      },
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: '수업 중 관찰' }] }],
          },
        ],
      },
    ],
  };
}

export function buildLibraryDocument(overrides: Partial<LibraryDocument> = {}): LibraryDocument {
  return {
    id: 7,
    title: '수학 분수 평가계획',
    libraryType: 'EVALUATION_PLAN',
    status: 3,
    visibility: 'PRIVATE',
    editable: true,
    edited: false,
    document: buildModel(),
    abilities: { view: true, use: true, edit: true, copy: true, changeSettings: true, delete: true },
    updatedAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

type JsonNode = { type?: string; text?: string; attrs?: Record<string, unknown>; content?: JsonNode[] };

/** Every node of a document, depth first. */
export function nodesOf(document: unknown): JsonNode[] {
  const out: JsonNode[] = [];
  const visit = (node: JsonNode) => {
    out.push(node);
    for (const child of node.content ?? []) visit(child);
  };
  visit(document as JsonNode);
  return out;
}

/** The TipTap editor behind the page's editable area (TipTap keeps it on the DOM node). */
export function editorIn(container: ParentNode) {
  const dom = container.querySelector('.ProseMirror') as (HTMLElement & { editor?: unknown }) | null;
  if (!dom?.editor) throw new Error('no editor on the page');
  return dom.editor as Editor;
}
