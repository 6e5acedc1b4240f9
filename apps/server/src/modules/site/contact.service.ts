import { CONTACT_RETENTION_DAYS, type ContactInquiry } from '@ssaem/contracts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ContactRepository } from './contact.repository.ts';

const KIND_LABELS: Record<ContactInquiry['kind'], string> = {
  PURCHASE: '구매',
  CONSULTATION: '도입 상담',
  OTHER: '기타',
};

/** The Contact page: the inquiry is stored (for the consented year) and mailed to the operators. */
export function createContactService(deps: {
  repository: ContactRepository;
  mailer: Mailer;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async submit(input: ContactInquiry): Promise<{ id: number; receivedAt: string }> {
      const receivedAt = now().toISOString();
      const id = await deps.repository.insert({
        organization: input.organization,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone || null,
        kind: input.kind,
        message: input.message,
        consentedAt: receivedAt,
        createdAt: receivedAt,
      });
      const body = [
        `${input.organization}의 ${input.name} 님이 문의를 남겼습니다. (접수 번호 ${id})`,
        '',
        `문의 종류: ${KIND_LABELS[input.kind]}`,
        `이메일: ${input.email}`,
        `전화: ${input.phone || '(없음)'}`,
        '',
        input.message,
        '',
        `개인정보 수집·이용 동의: ${receivedAt} (보유 기간 ${CONTACT_RETENTION_DAYS}일)`,
      ].join('\n');
      for (const to of await deps.repository.operatorAddresses()) {
        await deps.mailer.send({
          to,
          subject: `[쌤 문의] ${KIND_LABELS[input.kind]} · ${input.organization}`,
          body,
        });
      }
      return { id, receivedAt };
    },

    /** Inquiries past the retention the consent names are deleted. */
    purgeExpired(): Promise<number> {
      return deps.repository.purgeBefore(
        new Date(now().getTime() - CONTACT_RETENTION_DAYS * 86_400_000).toISOString(),
      );
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
