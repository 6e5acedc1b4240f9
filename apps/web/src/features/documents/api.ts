import type {
  DocumentExportFormat,
  DocumentModel,
  DocumentUploadResult,
  LibraryDocument,
  LibraryDocumentCreate,
} from '@ssaem/contracts/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client';
import { keepOpenFile, readOpenFile } from './editor-drafts';

export const documentKeys = {
  all: ['document'] as const,
  detail: (id: number) => ['document', 'detail', id] as const,
  upload: (fileUrl: string) => ['document', 'upload', fileUrl] as const,
};

const BASE = '/api/v1/document/library';

/** A library item as a document (any type: the server converts it to the model). */
export function useLibraryDocument(id: number, type?: string) {
  return useQuery({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<LibraryDocument>(`${BASE}/${id}`, { query: { type }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface SaveDocumentInput {
  id: number;
  title?: string;
  document: DocumentModel;
}

/** The editor's autosave (creator only). The saved item replaces the cached one. */
export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveDocumentInput) =>
      apiRequest<LibraryDocument>(`${BASE}/${id}`, { method: 'PUT', body }),
    onSuccess: (item) => {
      queryClient.setQueryData(documentKeys.detail(item.id), item);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['library'], refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: ['my-materials'], refetchType: 'none' }),
      ]);
    },
  });
}

/** "Save to My Materials" for a document that is not a library item yet. */
export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LibraryDocumentCreate) => apiRequest<{ id: number }>(BASE, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['library'], refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: ['my-materials'] }),
      ]),
  });
}

function uploadForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('file', file, name);
  return form;
}

/** Opens an hwp, hwpx or docx file: the server reads it into the document model. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<DocumentUploadResult>('/api/v1/hwp/upload', {
        method: 'POST',
        body: uploadForm(file, file.name),
      }),
    onSuccess: async (result, file) => {
      queryClient.setQueryData(documentKeys.upload(result.fileUrl), result);
      // Kept in the browser too: a reload reads the file from here, not from the server.
      await keepOpenFile(result.fileUrl, file);
    },
  });
}

/**
 * An earlier upload, named by its `fileUrl` (the editor's `?fileUrl=`): when this tab did not
 * upload it, the file is read again — from the browser's file store when it is there, otherwise
 * downloaded from the server.
 */
export function useUploadedDocument(fileUrl: string | null, fileName?: string | null) {
  return useQuery({
    queryKey: documentKeys.upload(fileUrl ?? ''),
    queryFn: async ({ signal }) => {
      const name = fileName ?? 'document';
      const query = new URLSearchParams({ fileUrl: fileUrl ?? '', fileName: name });
      const file =
        (await readOpenFile(fileUrl ?? '')) ?? (await apiBlob(`/api/v1/hwp/download?${query}`, { signal }));
      return apiRequest<DocumentUploadResult>('/api/v1/hwp/upload', {
        method: 'POST',
        body: uploadForm(file, name),
        signal,
      });
    },
    enabled: Boolean(fileUrl),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The export call's path; the buttons download from it. */
export function exportPath(id: number, format: DocumentExportFormat): string {
  return `${BASE}/${id}/export?format=${format}`;
}

/** Downloads the editor's document as it is, without saving it first. */
export function useExportDraft() {
  return useMutation({
    mutationFn: (input: { title: string; document: DocumentModel; format: DocumentExportFormat }) =>
      apiBlob('/api/v1/document/export', { method: 'POST', body: input }),
  });
}

/** Downloads a library item as HWPX, DOCX or PDF (the writers of @ssaem/documents, server side). */
export function useExportDocument() {
  return useMutation({
    mutationFn: ({ id, format }: { id: number; format: DocumentExportFormat; title: string }) =>
      apiBlob(exportPath(id, format)),
  });
}
