import { createHash, randomUUID } from 'node:crypto';
import {
  MAX_NOTICE_ATTACHMENTS,
  MAX_PINNED_NOTICES,
  NOTICE_MESSAGES,
  NOTICE_NEW_DAYS,
  type NoticeDetail,
  type NoticeInput,
  type NoticeListQuery,
  type NoticePage,
  type NoticeScope,
  type NoticeSummary,
  type NoticeUpdate,
} from '@ssaem/contracts';
import { sanitizeFileName, sniffFileType } from '@ssaem/documents';
import { AppError } from '../../platform/errors/app-error.ts';
import { type FileStorage, isStorageNotFound } from '../../platform/storage/file-storage.ts';
import type { Actor } from '../../policies/actor.ts';
import {
  canDeleteNotice,
  canEditNotice,
  canPostNotice,
  canReadNotice,
} from '../../policies/notice.policy.ts';
import type { BoardRepository, NoticeFilter } from './board.repository.ts';
import { noticeText, sanitizeNoticeHtml } from './notice-html.ts';

export type UploadedAttachment = { bytes: Buffer; filename: string };

/** File kinds a notice may carry: documents, spreadsheets (zip-based), pictures, text. Never programs or scripts. */
const ATTACHMENT_KINDS = new Set([
  'hwp',
  'hwpx',
  'docx',
  'doc',
  'encrypted-office',
  'ole',
  'pdf',
  'png',
  'jpeg',
  'gif',
  'webp',
  'bmp',
  'tiff',
  'text',
  'zip',
]);

type SummaryRow = {
  id: number;
  scope: 'SERVICE' | 'SCHOOL';
  schoolId: number | null;
  schoolName: string | null;
  title: string;
  writer: string;
  createdAt: string;
  views: number;
  pinned: number;
  attachmentCount: number;
};

const day = (date: Date) => date.toISOString().slice(0, 10);

export function createBoardService(deps: {
  board: BoardRepository;
  storage: FileStorage;
  writerName: (userId: number) => Promise<string>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function readerFilter(actor: Actor | null, query?: Partial<NoticeListQuery>): NoticeFilter {
    return {
      schoolId: actor?.schoolId ?? null,
      scope: query?.scope ?? 'ALL',
      keyword: query?.keyword || undefined,
      target: query?.target ?? 'ALL',
    };
  }

  function present(row: SummaryRow, number: number | null): NoticeSummary {
    const age = now().getTime() - new Date(row.createdAt).getTime();
    return {
      id: row.id,
      number: row.pinned ? null : number,
      scope: row.scope,
      schoolName: row.scope === 'SCHOOL' ? row.schoolName : null,
      title: row.title,
      writer: row.writer,
      createdAt: row.createdAt,
      views: row.views,
      pinned: row.pinned === 1,
      isNew: age < NOTICE_NEW_DAYS * 86_400_000,
      attachmentCount: row.attachmentCount,
    };
  }

  /** The notice if the reader may see it; otherwise "not found". */
  async function readable(actor: Actor | null, id: number) {
    const row = await deps.board.find(id);
    if (!row || !canReadNotice(actor, row)) throw new AppError('E_NOT_FOUND');
    return row;
  }

  async function assertPinRoom(scope: NoticeScope, schoolId: number | null, exceptId?: number) {
    if ((await deps.board.pinnedCount(scope, schoolId, exceptId)) >= MAX_PINNED_NOTICES) {
      throw new AppError('E_ALREADY_FULL');
    }
  }

  function cleanBody(html: string): { bodyHtml: string; bodyText: string } {
    const bodyHtml = sanitizeNoticeHtml(html);
    const bodyText = noticeText(bodyHtml);
    // A notice of nothing but markup (or of a script that was removed) says nothing.
    if (!bodyText && !bodyHtml.includes('<img')) {
      throw new AppError('E_VALIDATION', { details: [{ path: 'bodyHtml', message: NOTICE_MESSAGES.body }] });
    }
    return { bodyHtml, bodyText };
  }

  /** Each file is judged by its content: programs and scripts are refused whatever their name. */
  function checkAttachments(files: UploadedAttachment[]) {
    if (files.length > MAX_NOTICE_ATTACHMENTS) throw new AppError('E_PAYLOAD_TOO_LARGE');
    return files.map((file) => {
      const sniffed = sniffFileType(file.bytes);
      if (file.bytes.length === 0 || !ATTACHMENT_KINDS.has(sniffed.kind)) {
        throw new AppError('E_FILE_001', {
          details: [
            {
              path: 'files',
              message: {
                ko: `첨부할 수 없는 파일입니다: ${sanitizeFileName(file.filename)} (문서, 표, 그림, 압축 파일만 올릴 수 있습니다)`,
                en: `This file cannot be attached: ${sanitizeFileName(file.filename)} (documents, spreadsheets, pictures and archives only)`,
              },
            },
          ],
        });
      }
      return { ...file, mimeType: sniffed.kind === 'text' ? 'text/plain; charset=utf-8' : sniffed.mimeType };
    });
  }

  async function storeAttachments(noticeId: number, files: ReturnType<typeof checkAttachments>) {
    for (const file of files) {
      const storageKey = `notices/${noticeId}/${randomUUID()}`;
      await deps.storage.put(storageKey, file.bytes);
      await deps.board.insertAttachment({
        noticeId,
        fileName: sanitizeFileName(file.filename),
        mimeType: file.mimeType,
        bytes: file.bytes.length,
        storageKey,
        createdAt: now().toISOString(),
      });
    }
  }

  async function detail(actor: Actor | null, id: number): Promise<NoticeDetail> {
    const row = await readable(actor, id);
    const filter = readerFilter(actor);
    const [attachments, neighbours, newer] = await Promise.all([
      deps.board.attachments(id),
      deps.board.neighbours(filter, row),
      row.pinned ? Promise.resolve(0) : deps.board.newerUnpinned(filter, row),
    ]);
    const { total } = await deps.board.unpinnedPage(filter, 0, 0);
    return {
      ...present(row, total - newer),
      bodyHtml: row.bodyHtml,
      updatedAt: row.updatedAt,
      attachments: attachments.map((attachment) => ({
        id: attachment.id,
        fileName: attachment.fileName,
        mimeType: attachment.mimeType,
        bytes: attachment.bytes,
        url: `/api/v1/board/${id}/attachments/${attachment.id}`,
      })),
      previous: neighbours.previous,
      next: neighbours.next,
      abilities: {
        edit: actor !== null && canEditNotice(actor, row),
        delete: actor !== null && canDeleteNotice(actor, row),
      },
    };
  }

  return {
    /** Pinned notices on top of every page, then the page of the others, newest first. */
    async list(actor: Actor | null, query: NoticeListQuery): Promise<NoticePage> {
      const filter = readerFilter(actor, query);
      const offset = query.pageIndex * query.pageSize;
      const [pinned, page] = await Promise.all([
        deps.board.pinned(filter),
        deps.board.unpinnedPage(filter, offset, query.pageSize),
      ]);
      return {
        items: [
          ...pinned.map((row) => present(row, null)),
          ...page.rows.map((row, index) => present(row, page.total - offset - index)),
        ],
        total: page.total,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
        lastPageIndex: Math.max(0, Math.ceil(page.total / query.pageSize) - 1),
      };
    },

    /** Opens a notice; a reader counts once a day (a visitor by a hash of their address). */
    async read(actor: Actor | null, id: number, ip: string): Promise<NoticeDetail> {
      await readable(actor, id);
      const viewer = actor
        ? `u:${actor.userId}`
        : `a:${createHash('sha256').update(ip).digest('hex').slice(0, 16)}`;
      await deps.board.countView(id, viewer, day(now()));
      return detail(actor, id);
    },

    async pinAvailability(actor: Actor, scope: NoticeScope) {
      const schoolId = scope === 'SCHOOL' ? actor.schoolId : null;
      if (!canPostNotice(actor, { scope, schoolId })) throw new AppError('E_FORBIDDEN');
      const pinned = await deps.board.pinnedCount(scope, schoolId);
      return { available: pinned < MAX_PINNED_NOTICES, pinned, max: MAX_PINNED_NOTICES };
    },

    async create(actor: Actor, input: NoticeInput, files: UploadedAttachment[]): Promise<NoticeDetail> {
      const schoolId = input.scope === 'SCHOOL' ? actor.schoolId : null;
      if (!canPostNotice(actor, { scope: input.scope, schoolId })) throw new AppError('E_FORBIDDEN');
      const body = cleanBody(input.bodyHtml);
      const attachments = checkAttachments(files);
      if (input.pinned) await assertPinRoom(input.scope, schoolId);
      const stamp = now().toISOString();
      const id = await deps.board.insert({
        scope: input.scope,
        schoolId,
        title: input.title,
        ...body,
        authorId: actor.userId,
        writer: await deps.writerName(actor.userId),
        pinned: input.pinned ? 1 : 0,
        pinnedAt: input.pinned ? stamp : null,
        views: 0,
        createdAt: stamp,
        updatedAt: stamp,
      });
      await storeAttachments(id, attachments);
      return detail(actor, id);
    },

    async update(
      actor: Actor,
      id: number,
      patch: NoticeUpdate,
      files: UploadedAttachment[],
    ): Promise<NoticeDetail> {
      const row = await readable(actor, id);
      if (!canEditNotice(actor, row)) throw new AppError('E_FORBIDDEN');
      const attachments = checkAttachments(files);
      const kept = (await deps.board.attachments(id)).length - (patch.removeAttachmentIds?.length ?? 0);
      if (kept + attachments.length > MAX_NOTICE_ATTACHMENTS) throw new AppError('E_PAYLOAD_TOO_LARGE');
      if (patch.pinned && !row.pinned) await assertPinRoom(row.scope, row.schoolId, id);
      const stamp = now().toISOString();
      await deps.board.update(id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.bodyHtml !== undefined ? cleanBody(patch.bodyHtml) : {}),
        ...(patch.pinned !== undefined && patch.pinned !== (row.pinned === 1)
          ? { pinned: patch.pinned ? 1 : 0, pinnedAt: patch.pinned ? stamp : null }
          : {}),
        updatedAt: stamp,
      });
      for (const removed of await deps.board.removeAttachments(id, patch.removeAttachmentIds ?? [])) {
        await deps.storage.delete(removed.storageKey);
      }
      await storeAttachments(id, attachments);
      return detail(actor, id);
    },

    async remove(actor: Actor, id: number) {
      const row = await readable(actor, id);
      if (!canDeleteNotice(actor, row)) throw new AppError('E_FORBIDDEN');
      const attachments = await deps.board.attachments(id);
      await deps.board.remove(id);
      for (const attachment of attachments) await deps.storage.delete(attachment.storageKey);
      return { success: true };
    },

    async attachment(actor: Actor | null, id: number, attachmentId: number) {
      await readable(actor, id);
      const row = (await deps.board.attachments(id)).find((attachment) => attachment.id === attachmentId);
      if (!row) throw new AppError('E_NOT_FOUND');
      // Streamed from storage: a large attachment is never whole in memory.
      const body = await deps.storage.getStream(row.storageKey).catch((error: unknown) => {
        if (isStorageNotFound(error)) throw new AppError('E_NOT_FOUND');
        throw error;
      });
      return { row, body };
    },

    /** Views are kept two days: enough to count a reader once today. */
    purgeOldViews() {
      return deps.board.purgeViewsBefore(day(new Date(now().getTime() - 2 * 86_400_000)));
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
