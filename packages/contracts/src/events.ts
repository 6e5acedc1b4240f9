import { z } from 'zod';
import { optionalPhoneSchema, replyEmailSchema } from './contact.ts';

/**
 * The public event pages (core.md §2: Fair2025 and Arena2025) and their registrations. The
 * events live in the database (seeded with the two), so the super administrator sets the dates
 * and the capacity; what the consent promises is fixed here, where the form and the purge read it.
 */
export const EVENT_SLUGS = ['fair2025', 'arena2025'] as const;
export const eventSlugSchema = z.enum(EVENT_SLUGS);
export type EventSlug = z.infer<typeof eventSlugSchema>;

/** Registrations are deleted this many days after the event ends (the retention the consent names). */
export const EVENT_REGISTRATION_RETENTION_DAYS = 30;
/** People one registration may bring (the registrant included). */
export const EVENT_MAX_ATTENDEES = 5;

/** Where the event stands now: registration not open yet, open, closed before the event, the event over. */
export const EVENT_STATUSES = ['UPCOMING', 'OPEN', 'CLOSED', 'ENDED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const isoDateTime = z.iso.datetime({ offset: true });

export const siteEventSchema = z
  .object({
    slug: eventSlugSchema,
    name: z.string(),
    venue: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    registrationOpensAt: z.string(),
    registrationClosesAt: z.string(),
    capacity: z.number().int(),
    /** Seats taken (attendees of every registration). */
    registered: z.number().int(),
    status: z.enum(EVENT_STATUSES),
  })
  .meta({ id: 'SiteEvent' });
export type SiteEvent = z.infer<typeof siteEventSchema>;
export const siteEventListSchema = z.array(siteEventSchema);
export const eventParamsSchema = z.object({ slug: eventSlugSchema });

export const eventRegistrationSchema = z.object({
  name: z.string().trim().min(1, { message: '이름을 입력해 주세요.' }).max(50),
  schoolId: z.number({ message: '학교를 검색해서 골라 주세요.' }).int().positive(),
  email: replyEmailSchema,
  phone: optionalPhoneSchema,
  attendees: z
    .number()
    .int()
    .min(1)
    .max(EVENT_MAX_ATTENDEES, { message: `한 번에 ${EVENT_MAX_ATTENDEES}명까지 신청할 수 있습니다.` }),
  consent: z.literal(true, { message: '개인정보 수집·이용에 동의해야 신청할 수 있습니다.' }),
});
export type EventRegistrationInput = z.infer<typeof eventRegistrationSchema>;
export const eventRegistrationReceiptSchema = z.object({
  id: z.number().int(),
  registeredAt: z.string(),
  /** The day the registration is deleted. */
  deleteAfter: z.string(),
});

/** The super administrator's change of an event: only the fields sent. */
export const siteEventUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    venue: z.string().trim().min(1).max(200),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    registrationOpensAt: isoDateTime,
    registrationClosesAt: isoDateTime,
    capacity: z.number().int().min(1).max(100_000),
  })
  .partial();
export type SiteEventUpdate = z.infer<typeof siteEventUpdateSchema>;

export const eventRegistrationRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    schoolName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    attendees: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'EventRegistration' });
export type EventRegistrationRow = z.infer<typeof eventRegistrationRowSchema>;
export const eventRegistrationListSchema = z.object({
  event: siteEventSchema,
  items: z.array(eventRegistrationRowSchema),
});
