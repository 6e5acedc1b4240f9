import { z } from 'zod';

/** How long a contact inquiry is kept: the retention the consent names. */
export const CONTACT_RETENTION_DAYS = 365;
export const CONTACT_KINDS = ['PURCHASE', 'CONSULTATION', 'OTHER'] as const;

/** How a public form reaches someone back (Contact, the event registrations). */
export const replyEmailSchema = z.email({ message: '이메일 주소 형식이 올바르지 않습니다.' }).max(200);
export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9+\-() ]*$/, { message: '전화번호는 숫자와 -만 입력해 주세요.' })
  .optional();

/** The Contact page's form (core.md §2 route name Contact): a school that wants to buy or ask. */
export const contactInquirySchema = z.object({
  organization: z.string().trim().min(1, { message: '학교나 기관 이름을 입력해 주세요.' }).max(100),
  name: z.string().trim().min(1, { message: '담당자 이름을 입력해 주세요.' }).max(50),
  email: replyEmailSchema,
  phone: optionalPhoneSchema,
  kind: z.enum(CONTACT_KINDS),
  message: z
    .string()
    .trim()
    .min(10, { message: '문의 내용을 10자 이상 적어 주세요.' })
    .max(2000, { message: '문의 내용은 2,000자까지 적을 수 있습니다.' }),
  consent: z.literal(true, { message: '개인정보 수집·이용에 동의해야 문의를 보낼 수 있습니다.' }),
});
export type ContactInquiry = z.infer<typeof contactInquirySchema>;
export const contactReceiptSchema = z.object({ id: z.number().int(), receivedAt: z.string() });
