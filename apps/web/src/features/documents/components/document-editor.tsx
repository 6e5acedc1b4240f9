import type { DocumentModel } from '@ssaem/contracts/documents';
import type { Editor } from '@tiptap/core';
import { EditorContent, type JSONContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef } from 'react';
import { documentExtensions } from '../editor/document-extensions';
import { toDocumentModel } from '../editor/to-model';
import { paperCss } from '../editor/typography';
import classes from './document.module.css';
import { EditorToolbar } from './editor-toolbar';
import { useDocumentMargins } from './typography-controls';

interface DocumentEditorProps {
  /** Read once: give the component a new `key` to load another document. */
  initialContent: DocumentModel;
  /** Every change, as the document model. */
  onChange: (document: DocumentModel) => void;
  label: string;
  /** The editor once it exists (and null when it goes), for tools beside it such as the assistant. */
  onEditor?: (editor: Editor | null) => void;
}

/** The TipTap editor on a page-like sheet, with its toolbar. */
export function DocumentEditor({ initialContent, onChange, label, onEditor }: DocumentEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const extensions = useMemo(() => documentExtensions(), []);
  const editor = useEditor({
    extensions,
    content: initialContent as JSONContent,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        spellcheck: 'false',
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(toDocumentModel(current.getJSON())),
  });

  const margins = useDocumentMargins(editor);
  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  return (
    <div>
      {editor ? <EditorToolbar editor={editor} /> : null}
      <div className={classes.paper} style={paperCss(margins)} data-testid="document-paper">
        <EditorContent editor={editor} className={`${classes.content} ${classes.editor}`} />
      </div>
    </div>
  );
}
