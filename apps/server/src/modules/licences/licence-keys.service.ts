import { randomInt } from 'node:crypto';
import type { LicenseKeyBatch, LicenseKeyGroup, LicenseKeyRow } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Actor } from '../../policies/actor.ts';
import { canManageGlobalSettings } from '../../policies/index.ts';
import type { AuditContext, AuditService } from '../admin/audit.service.ts';
import type { LicenceKeysRepository } from './licence-keys.repository.ts';

// No 0/O or 1/I: a key read aloud or typed from paper is not mistaken.
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SINGLE_KEYS_GROUP = '개별 발급';

/** XXXX-XXXX-XXXX-XXXX from a cryptographic source (about 80 bits: keys are not guessable). */
export function generateLicenceKey(): string {
  const group = () => Array.from({ length: 4 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

type GroupRow = Awaited<ReturnType<LicenceKeysRepository['groups']>>[number];
type KeyRow = Awaited<ReturnType<LicenceKeysRepository['page']>>['rows'][number];

function presentKey(
  row: Omit<KeyRow, 'redeemedByName' | 'redeemedByUsername'> & Partial<KeyRow>,
): LicenseKeyRow {
  return {
    id: row.id,
    licenseKey: row.licenseKey,
    status: row.status,
    groupName: row.groupName,
    licenseName: row.licenseName,
    sentTo: row.sentTo,
    redeemedBy: row.redeemedByName ? `${row.redeemedByName} (${row.redeemedByUsername})` : null,
    createdAt: row.createdAt,
  };
}

function presentGroup(row: GroupRow): LicenseKeyGroup {
  return {
    name: row.name ?? '',
    licenseId: row.licenseId,
    licenseName: row.licenseName,
    issued: Number(row.issued),
    used: Number(row.used ?? 0),
    sent: Number(row.sent),
    revoked: Number(row.revoked ?? 0),
    createdAt: row.createdAt,
  };
}

/** `license-key` (core.md §7): keys made by group, listed, exported and mailed (the super administrator's). */
export function createLicenceKeysService(deps: {
  keys: LicenceKeysRepository;
  audit: AuditService;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { keys, audit } = deps;

  function assertManager(actor: Actor) {
    if (!canManageGlobalSettings(actor)) throw new AppError('E_FORBIDDEN');
  }

  async function groupNamed(name: string): Promise<LicenseKeyGroup> {
    const row = (await keys.groups()).find((g) => g.name === name);
    if (!row) throw new AppError('E_NOT_FOUND');
    return presentGroup(row);
  }

  /** Makes `count` new keys; a key that happens to exist already is drawn again. */
  async function makeKeys(licenseId: number, groupName: string, count: number): Promise<string[]> {
    const made: string[] = [];
    for (let attempt = 0; made.length < count && attempt < 5; attempt++) {
      const createdAt = new Date().toISOString();
      const batch = Array.from({ length: count - made.length }, generateLicenceKey);
      const fresh = [...new Set(batch)];
      const inserted = await keys.insertKeys(
        fresh.map((licenseKey) => ({
          licenseId,
          licenseKey,
          groupName,
          status: 'ISSUED' as const,
          createdAt,
        })),
      );
      if (inserted === fresh.length) made.push(...fresh);
      else made.push(...fresh.slice(0, inserted));
    }
    if (made.length < count) throw new AppError('SERVER_ERROR');
    return made;
  }

  return {
    async groups(actor: Actor): Promise<LicenseKeyGroup[]> {
      assertManager(actor);
      return (await keys.groups()).map(presentGroup);
    },

    async batch(context: AuditContext, input: LicenseKeyBatch): Promise<LicenseKeyGroup> {
      assertManager(context.actor);
      if (!(await keys.planExists(input.licenseId))) throw new AppError('E_NOT_FOUND');
      if (await keys.groupExists(input.groupName)) throw new AppError('E_KEY_GROUP_TAKEN');
      await makeKeys(input.licenseId, input.groupName, input.count);
      const group = await groupNamed(input.groupName);
      await audit.record(context, {
        action: 'license-key.batch',
        targetType: 'license-key-group',
        targetId: input.groupName,
        targetLabel: `${input.groupName} (${group.licenseName})`,
        after: { licenseId: input.licenseId, count: input.count },
      });
      return group;
    },

    /** One key, into the plan's group of single keys (or a named group of the same plan). */
    async createOne(
      context: AuditContext,
      input: { licenseId: number; groupName?: string },
    ): Promise<LicenseKeyRow> {
      assertManager(context.actor);
      if (!(await keys.planExists(input.licenseId))) throw new AppError('E_NOT_FOUND');
      const groupName = input.groupName ?? SINGLE_KEYS_GROUP;
      const existing = (await keys.groups()).find((g) => g.name === groupName);
      if (existing && existing.licenseId !== input.licenseId) throw new AppError('E_KEY_GROUP_TAKEN');
      const [licenseKey] = await makeKeys(input.licenseId, groupName, 1);
      const row = licenseKey ? await keys.findKey(licenseKey) : undefined;
      if (!row) throw new AppError('SERVER_ERROR');
      await audit.record(context, {
        action: 'license-key.create',
        targetType: 'license-key-group',
        targetId: groupName,
        targetLabel: `${groupName} (${row.licenseName})`,
        after: { licenseId: input.licenseId, count: 1 },
      });
      return presentKey(row);
    },

    async list(
      actor: Actor,
      query: { groupName?: string; status?: LicenseKeyRow['status']; pageIndex: number; pageSize: number },
    ) {
      assertManager(actor);
      const { rows, total } = await keys.page(query, query.pageIndex * query.pageSize, query.pageSize);
      return { items: rows.map(presentKey), total, pageIndex: query.pageIndex, pageSize: query.pageSize };
    },

    /** The group's keys as .xlsx, to print or hand to a school; the export is audited. */
    async exportGroup(context: AuditContext, name: string): Promise<Buffer> {
      assertManager(context.actor);
      const group = await groupNamed(name);
      const { rows } = await keys.page({ groupName: name }, 0, 100_000);
      const status = { ISSUED: '사용 전', USED: '사용함', REVOKED: '회수함' } as const;
      const bytes = await writeSheet({
        sheetName: '라이선스 키',
        preface: [`${group.name} · ${group.licenseName} · ${group.issued}개`],
        columns: [
          { header: '라이선스 키', width: 24, value: (r: (typeof rows)[number]) => r.licenseKey },
          { header: '상태', width: 10, value: (r) => status[r.status] },
          { header: '보낸 곳', width: 28, value: (r) => r.sentTo },
          {
            header: '사용한 사람',
            width: 24,
            value: (r) => (r.redeemedByName ? `${r.redeemedByName} (${r.redeemedByUsername})` : null),
          },
          { header: '만든 때(UTC)', width: 24, value: (r) => r.createdAt },
        ],
        rows,
      });
      await audit.record(context, {
        action: 'license-key.export',
        targetType: 'license-key-group',
        targetId: name,
        targetLabel: `${name} (${group.licenseName})`,
      });
      return bytes;
    },

    /** Withdraws every unredeemed key of the group (a key lost, a school that left); audited. */
    async revoke(context: AuditContext, name: string): Promise<{ revoked: number }> {
      assertManager(context.actor);
      const group = await groupNamed(name);
      const revoked = await keys.revokeUnused(name);
      await audit.record(context, {
        action: 'license-key.revoke',
        targetType: 'license-key-group',
        targetId: name,
        targetLabel: `${name} (${group.licenseName})`,
        after: { revoked },
      });
      return { revoked };
    },

    /** Mails one unsent key of the group to each address (each address once), and remembers where each went. */
    async send(
      context: AuditContext,
      name: string,
      emails: string[],
    ): Promise<{ sent: number; remaining: number }> {
      assertManager(context.actor);
      const group = await groupNamed(name);
      const recipients = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
      const available = await keys.unsentKeys(name, recipients.length);
      if (available.length < recipients.length) throw new AppError('E_KEYS_SHORT');
      const now = new Date().toISOString();
      let sent = 0;
      for (const [index, to] of recipients.entries()) {
        const key = available[index];
        if (!key || !(await keys.markSent(key.id, to, now))) continue;
        await deps.mailer.send({
          to,
          subject: '[쌤] 라이선스 키를 보내 드려요',
          body: [
            '안녕하세요, 선생님.',
            '',
            `쌤(${group.licenseName}) 라이선스 키를 보내 드려요.`,
            '',
            `    ${key.licenseKey}`,
            '',
            `쌤에 로그인한 뒤 라이선스 안내 화면에서 키를 등록하면 바로 쓸 수 있어요: ${deps.publicUrl}/license-guide`,
            '키는 한 번만 등록할 수 있으니 다른 사람과 나누지 마세요.',
          ].join('\n'),
        });
        sent++;
      }
      await audit.record(context, {
        action: 'license-key.send',
        targetType: 'license-key-group',
        targetId: name,
        targetLabel: `${name} (${group.licenseName})`,
        after: { sent },
      });
      const remaining = (await keys.unsentKeys(name, 100_000)).length;
      return { sent, remaining };
    },
  };
}

export type LicenceKeysService = ReturnType<typeof createLicenceKeysService>;
