import type { DocumentModel } from '@ssaem/contracts/documents';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileStore } from '../../lib/file-store';

/**
 * The HWP editor's work in the local file store (core.md §3): the file it opened, so a reload reads
 * it from the browser instead of downloading it again, and the unsaved edits, so a reload or a
 * closed tab loses nothing. Both go at logout with the rest of the store.
 */
export interface EditorDraft {
  title: string;
  document: DocumentModel;
}

const DRAFT_DELAY_MS = 800;

export const openFileKey = (fileUrl: string) => `hwp-editor:file:${fileUrl}`;
export const draftKey = (documentKey: string) => `hwp-editor:draft:${documentKey}`;

export async function keepOpenFile(fileUrl: string, file: File): Promise<void> {
  await fileStore()
    ?.put(openFileKey(fileUrl), file)
    .catch(() => undefined);
}

export async function readOpenFile(fileUrl: string): Promise<File | null> {
  return (
    (await fileStore()
      ?.get(openFileKey(fileUrl))
      .catch(() => null)) ?? null
  );
}

async function readDraft(documentKey: string): Promise<EditorDraft | null> {
  const file = await fileStore()
    ?.get(draftKey(documentKey))
    .catch(() => null);
  if (!file) return null;
  try {
    const draft = JSON.parse(await file.text()) as Partial<EditorDraft>;
    return draft.document?.type === 'doc' ? { title: draft.title ?? '', document: draft.document } : null;
  } catch {
    return null;
  }
}

export function discardDraft(documentKey: string): Promise<void> {
  return (
    fileStore()
      ?.remove(draftKey(documentKey))
      .catch(() => undefined) ?? Promise.resolve()
  );
}

/**
 * The draft of one document: `restored` is undefined while the store is read, then the draft found
 * (or null); `keep` saves the latest edits a moment after the last change.
 */
export function useEditorDraft(documentKey: string) {
  const [restored, setRestored] = useState<EditorDraft | null | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<EditorDraft | null>(null);

  useEffect(() => {
    let active = true;
    setRestored(undefined);
    void readDraft(documentKey).then((draft) => {
      if (active) setRestored(draft);
    });
    return () => {
      active = false;
    };
  }, [documentKey]);

  useEffect(() => {
    const flush = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const draft = pending.current;
      pending.current = null;
      if (draft) void saveDraft(documentKey, draft);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [documentKey]);

  const keep = useCallback(
    (draft: EditorDraft) => {
      pending.current = draft;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        pending.current = null;
        void saveDraft(documentKey, draft);
      }, DRAFT_DELAY_MS);
    },
    [documentKey],
  );

  const discard = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    await discardDraft(documentKey);
    setRestored(null);
  }, [documentKey]);

  return { restored, keep, discard };
}

async function saveDraft(documentKey: string, draft: EditorDraft): Promise<void> {
  const blob = new Blob([JSON.stringify(draft)], { type: 'application/json' });
  await fileStore()
    ?.put(draftKey(documentKey), blob, `${draft.title || 'draft'}.json`)
    .catch(() => undefined);
}
