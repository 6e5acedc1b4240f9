import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FileStore, fileStore } from '../../lib/file-store';
import { UNSENT_PREFIX, useAttachments } from './attachments';

// The real store on a map in place of IndexedDB.
vi.mock('../../lib/file-store', async (importOriginal) =>
  (await import('../../test/memory-file-store')).withMemoryFileStore(importOriginal),
);

const store = fileStore() as FileStore;
let uploads: string[] = [];

beforeEach(async () => {
  await store.clear();
  uploads = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    const file = (init?.body as FormData | undefined)?.get('file') as File;
    uploads.push(file.name);
    return Response.json({
      file_id: `f-${uploads.length}`,
      filename: file.name,
      type: 'text/plain',
      kind: 'text',
      bytes: file.size,
      width: null,
      height: null,
      status: 'ready',
      error: null,
      purpose: 'chat',
      filepath: `/api/v1/files/f-${uploads.length}/content`,
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unsent chat attachments', () => {
  it('survive a reload: kept in the file store, chosen and uploaded again', async () => {
    const first = renderHook(() => useAttachments());
    act(() => first.result.current.add([new File(['메모'], '관찰 메모.txt', { type: 'text/plain' })]));
    await waitFor(async () => expect(await store.list(UNSENT_PREFIX)).toHaveLength(1));
    first.unmount();

    const second = renderHook(() => useAttachments());
    await waitFor(() =>
      expect(second.result.current.attachments.map((a) => a.name)).toEqual(['관찰 메모.txt']),
    );
    await waitFor(() => expect(second.result.current.attachments[0]?.phase).toBe('ready'));
    expect(uploads).toEqual(['관찰 메모.txt', '관찰 메모.txt']);
    // Still one copy in the store, under the new attachment.
    await waitFor(async () => expect(await store.list(UNSENT_PREFIX)).toHaveLength(1));
  });

  it('leave the store when removed or sent', async () => {
    const { result } = renderHook(() => useAttachments());
    act(() =>
      result.current.add([
        new File(['a'], 'a.txt', { type: 'text/plain' }),
        new File(['b'], 'b.txt', { type: 'text/plain' }),
      ]),
    );
    await waitFor(async () => expect(await store.list(UNSENT_PREFIX)).toHaveLength(2));
    act(() => result.current.remove(result.current.attachments[0]?.id ?? ''));
    await waitFor(async () =>
      expect((await store.list(UNSENT_PREFIX)).map((f) => f.name)).toEqual(['b.txt']),
    );
    act(() => result.current.clear());
    await waitFor(async () => expect(await store.list(UNSENT_PREFIX)).toHaveLength(0));
  });
});
