import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  EdutechCountStateTable,
  EdutechGradeCountTable,
  EdutechLicenceTable,
  EdutechLikeTable,
  EdutechOfficeCountTable,
  EdutechProductCountTable,
  EdutechProductTable,
  EdutechVendorTable,
} from './edutech-schema.ts';

/**
 * Table types, camelCase here and snake_case in SQL (CamelCasePlugin). Timestamps are ISO-8601
 * UTC strings and flags are 0/1 integers on both dialects, so one query code base serves both.
 */
export interface Database {
  code: CodeTable;
  school: SchoolTable;
  standard: StandardTable;
  publisher: PublisherTable;
  users: UsersTable;
  errorReport: ErrorReportTable;
  referenceImport: ReferenceImportTable;
  oidcPayload: OidcPayloadTable;
  oidcKey: OidcKeyTable;
  loginFailure: LoginFailureTable;
  revokedSession: RevokedSessionTable;
  partnerProduct: PartnerProductTable;
  partnerAssertion: PartnerAssertionTable;
  license: LicenseTable;
  licenseKey: LicenseKeyTable;
  userLicense: UserLicenseTable;
  licenseTrialClaim: LicenseTrialClaimTable;
  tokenReservation: TokenReservationTable;
  emailVerification: EmailVerificationTable;
  mailOutbox: MailOutboxTable;
  conversation: ConversationTable;
  message: MessageTable;
  toolThread: ToolThreadTable;
  toolThreadMessage: ToolThreadMessageTable;
  userSetting: UserSettingTable;
  storedFile: StoredFileTable;
  job: JobTable;
  libraryItem: LibraryItemTable;
  librarySearch: LibrarySearchTable;
  libraryLike: LibraryReactionTable;
  libraryBookmark: LibraryReactionTable;
  libraryShareLink: LibraryShareLinkTable;
  libraryView: LibraryViewTable;
  materialFolder: MaterialFolderTable;
  materialFolderItem: MaterialFolderItemTable;
  aiPrompt: AiPromptTable;
  tool: ToolTable;
  schoolEmailDomain: SchoolEmailDomainTable;
  schoolMembershipRequest: SchoolMembershipRequestTable;
  notice: NoticeTable;
  noticeAttachment: NoticeAttachmentTable;
  noticeView: NoticeViewTable;
  classroom: ClassroomTable;
  classroomStudent: ClassroomStudentTable;
  studentRecord: StudentRecordTable;
  studentAccessLog: StudentAccessLogTable;
  studentRecordDraft: StudentRecordDraftTable;
  auditLog: AuditLogTable;
  tokenUsageDaily: TokenUsageDailyTable;
  tokenUsageModelDaily: TokenUsageModelDailyTable;
  tokenUsageToolDay: TokenUsageToolDayTable;
  tokenUsageSchoolToolDay: TokenUsageSchoolToolDayTable;
  tokenUsageSchoolDay: TokenUsageSchoolDayTable;
  tokenUsageModelDay: TokenUsageModelDayTable;
  tokenUsageUserDay: TokenUsageUserDayTable;
  tokenUsageSchoolWeek: TokenUsageSchoolWeekTable;
  tokenUsageSchoolMonth: TokenUsageSchoolMonthTable;
  tokenUsageUserWeek: TokenUsageUserWeekTable;
  tokenUsageUserMonth: TokenUsageUserMonthTable;
  userCount: UserCountTable;
  contactInquiry: ContactInquiryTable;
  siteEvent: SiteEventTable;
  eventRegistration: EventRegistrationTable;
  errorReportGroup: ErrorReportGroupTable;
  aiPromptVersion: AiPromptVersionTable;
  playgroundRun: PlaygroundRunTable;
  edutechVendor: EdutechVendorTable;
  edutechProduct: EdutechProductTable;
  edutechLicence: EdutechLicenceTable;
  edutechLike: EdutechLikeTable;
  edutechProductCount: EdutechProductCountTable;
  edutechOfficeCount: EdutechOfficeCountTable;
  edutechGradeCount: EdutechGradeCountTable;
  edutechCountState: EdutechCountStateTable;
}

export interface AiPromptVersionTable {
  id: Generated<number>;
  promptSeq: number;
  version: number;
  name: string;
  toolCode: string | null;
  systemPrompt: string;
  useYn: 'Y' | 'N';
  note: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
}

export interface PlaygroundRunTable {
  id: Generated<number>;
  userId: number;
  promptSeq: number;
  side: 'draft' | 'live';
  version: number | null;
  purpose: string;
  model: string;
  tokens: number;
  createdAt: string;
  rolledUp: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actorId: number | null;
  actorName: string;
  actorRole: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  schoolId: number | null;
  /** JSON of the changed fields before and after. */
  before: string | null;
  after: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;

export interface ContactInquiryTable {
  id: Generated<number>;
  organization: string;
  name: string;
  email: string;
  phone: string | null;
  kind: 'PURCHASE' | 'CONSULTATION' | 'OTHER';
  message: string;
  consentedAt: string;
  createdAt: string;
}

export interface SiteEventTable {
  id: Generated<number>;
  slug: string;
  name: string;
  venue: string;
  startsAt: string;
  endsAt: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  capacity: number;
  updatedAt: string;
}
export type SiteEventRow = Selectable<SiteEventTable>;

export interface EventRegistrationTable {
  id: Generated<number>;
  eventId: number;
  name: string;
  schoolId: number | null;
  schoolName: string;
  email: string;
  phone: string | null;
  attendees: number;
  consentedAt: string;
  createdAt: string;
}

export interface TokenUsageModelDailyTable {
  day: string;
  schoolId: number;
  model: string;
  tokens: number;
  calls: number;
}

/** The coarse rollups of migration 0053: each keyed by what one dashboard question reads. */
export interface TokenUsageToolDayTable {
  day: string;
  purpose: string;
  tokens: number;
  calls: number;
}

export interface TokenUsageSchoolToolDayTable {
  /** 0 for a user without a school. */
  schoolId: number;
  day: string;
  purpose: string;
  tokens: number;
  calls: number;
}

export interface TokenUsageSchoolDayTable {
  day: string;
  schoolId: number;
  tokens: number;
  calls: number;
}

export interface TokenUsageModelDayTable {
  day: string;
  model: string;
  tokens: number;
  calls: number;
}

export interface TokenUsageUserDayTable {
  day: string;
  userId: number;
  /** The user's school when the day's calls were last folded. */
  schoolId: number;
  tokens: number;
  calls: number;
}

export interface TokenUsageSchoolWeekTable {
  /** The week's Monday (UTC), YYYY-MM-DD. */
  week: string;
  schoolId: number;
  tokens: number;
  calls: number;
}

export interface TokenUsageSchoolMonthTable {
  /** The month's first day (UTC), YYYY-MM-01. */
  month: string;
  schoolId: number;
  tokens: number;
  calls: number;
}

export interface TokenUsageUserWeekTable {
  /** The week's Monday (UTC), YYYY-MM-DD. */
  week: string;
  userId: number;
  tokens: number;
  calls: number;
}

export interface TokenUsageUserMonthTable {
  /** The month's first day (UTC), YYYY-MM-01. */
  month: string;
  userId: number;
  tokens: number;
  calls: number;
}

/** One row (id 1): the number of accounts, kept by triggers (migration 0056). */
export interface UserCountTable {
  id: number;
  n: number;
}

export interface TokenUsageDailyTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  userId: number;
  /** 0 for a user without a school. */
  schoolId: number;
  purpose: string;
  tokens: number;
  calls: number;
}

export interface ErrorReportGroupTable {
  signature: string;
  resolvedAt: string | null;
  resolvedBy: number | null;
}

export interface NoticeTable {
  id: Generated<number>;
  scope: 'SERVICE' | 'SCHOOL';
  schoolId: number | null;
  title: string;
  bodyHtml: string;
  bodyText: string;
  authorId: number | null;
  writer: string;
  pinned: number;
  pinnedAt: string | null;
  views: number;
  createdAt: string;
  updatedAt: string;
}
export type NoticeRow = Selectable<NoticeTable>;

export interface NoticeAttachmentTable {
  id: Generated<number>;
  noticeId: number;
  fileName: string;
  mimeType: string;
  bytes: number;
  storageKey: string;
  createdAt: string;
}
export type NoticeAttachmentRow = Selectable<NoticeAttachmentTable>;

export interface NoticeViewTable {
  noticeId: number;
  viewer: string;
  viewedOn: string;
}

export interface ClassroomTable {
  id: Generated<number>;
  schoolId: number;
  schoolYear: number;
  grade: number;
  classNumber: number;
  name: string;
  homeroomTeacherId: number | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClassroomStudentTable {
  id: Generated<number>;
  classroomId: number;
  number: number;
  name: string;
  gender: 'M' | 'F';
  /** YYYY-MM-DD. */
  birthDate: string | null;
  studentUserId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface StudentRecordTable {
  id: Generated<number>;
  studentId: number;
  classroomId: number;
  schoolId: number;
  schoolYear: number;
  authorId: number;
  area: string;
  /** The subject of 세부능력 및 특기사항; '' for the other areas. */
  subject: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface StudentAccessLogTable {
  id: Generated<number>;
  schoolId: number;
  actorId: number | null;
  actorName: string;
  action: string;
  classroomId: number | null;
  classroomLabel: string | null;
  studentId: number | null;
  studentLabel: string | null;
  detail: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export type StudentRecordDraftStatus = 'waiting' | 'running' | 'done' | 'failed';

export interface StudentRecordDraftTable {
  id: Generated<number>;
  studentId: number;
  authorId: number;
  area: string;
  subject: string;
  /** The teacher's keywords, notes and activities (JSON). */
  observations: string;
  status: StudentRecordDraftStatus;
  text: string | null;
  engine: 'model' | 'offline' | null;
  notice: string | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface SchoolEmailDomainTable {
  schoolId: number;
  domain: string;
  createdBy: number | null;
  createdAt: string;
}

export type MembershipStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface SchoolMembershipRequestTable {
  id: Generated<number>;
  userId: number;
  schoolId: number;
  role: string;
  status: MembershipStatus;
  createdAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
}
export type SchoolMembershipRequestRow = Selectable<SchoolMembershipRequestTable>;

export interface AiPromptTable {
  seq: Generated<number>;
  name: string;
  toolCode: string | null;
  systemPrompt: string;
  useYn: 'Y' | 'N';
  updatedAt: string;
}

export interface ToolTable {
  id: Generated<number>;
  parentId: number | null;
  codeName: string;
  libraryType: string | null;
  sort: number;
  colour: string;
  icon: string;
  labelKo: string;
  labelEn: string;
  descriptionKo: string;
  descriptionEn: string;
  route: string;
  kind: 'button' | 'link';
  promptSeq: number | null;
  useYn: 'Y' | 'N';
  /** The roles the catalogue lists the tool for, comma-separated (migration 0050). */
  visibleRoles: Generated<string>;
  updatedAt: string;
}

/** core.md §3: 1 waiting, 2 processing, 3 complete. */
export type LibraryItemStatus = 1 | 2 | 3;

export interface LibraryItemTable {
  id: Generated<number>;
  creatorId: number;
  /** The creator's school when the item was made: SCHOOL visibility means this school. */
  schoolId: number | null;
  libraryType: string;
  materialType: string;
  title: string;
  status: LibraryItemStatus;
  error: string | null;
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: number;
  gradeSeq: number | null;
  subjectSeq: number | null;
  promptSeq: number | null;
  /** The form as submitted (JSON). */
  input: string;
  /** The generated document (JSON), once complete. */
  content: string | null;
  idempotencyKey: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  likeCount: Generated<number>;
  bookmarkCount: Generated<number>;
  viewCount: Generated<number>;
  /** The start of the document as plain text, for result cards. */
  excerpt: Generated<string>;
  /** The item this one was copied from ("copy to my materials"). */
  copiedFromId: number | null;
  /** PostgreSQL only: the search grams and the lower-cased text they were taken from. */
  searchGrams?: string[] | null;
  searchTitle?: string | null;
  searchText?: string | null;
}

/** SQLite only: the contentless FTS5 search index, rowid = library item id. */
export interface LibrarySearchTable {
  rowid: number;
  title: string;
  body: string;
  scope: string;
}

export interface LibraryReactionTable {
  userId: number;
  libraryId: number;
  createdAt: string;
}

/** One viewer's view of a material on one day (YYYY-MM-DD, UTC). */
export interface LibraryViewTable {
  libraryId: number;
  userId: number;
  viewedOn: string;
}

export interface LibraryShareLinkTable {
  libraryId: number;
  token: string;
  createdBy: number;
  createdAt: string;
}

export interface MaterialFolderTable {
  id: Generated<number>;
  userId: number;
  parentId: number | null;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface MaterialFolderItemTable {
  userId: number;
  libraryId: number;
  folderId: number;
  createdAt: string;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface JobTable {
  id: string;
  type: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  idempotencyKey: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export type StoredFileStatus = 'processing' | 'ready' | 'failed' | 'cancelled';

export interface StoredFileTable {
  id: string;
  userId: number;
  filename: string;
  mimeType: string;
  /** The type the content showed (png, pdf, hwpx…), never the name's extension. */
  kind: string;
  bytes: number;
  width: number | null;
  height: number | null;
  storageKey: string;
  /** `tool`: an upload a tool's form was made with, kept for recreate (modules/tools/tool-files.ts). */
  purpose: 'chat' | 'image' | 'tool';
  status: StoredFileStatus;
  /** Text read from a document, for the model. */
  text: string | null;
  error: string | null;
  createdAt: string;
}

export interface UserSettingTable {
  userId: number;
  settings: string;
  updatedAt: string;
}

export interface ConversationTable {
  id: string;
  userId: number;
  title: string;
  endpoint: string | null;
  model: string | null;
  gadgetId: string | null;
  isPinned: number;
  pinOrder: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ToolThreadTable {
  id: string;
  userId: number;
  libraryItemId: number;
  toolType: string;
  createdAt: string;
  updatedAt: string;
}

export interface ToolThreadMessageTable {
  id: string;
  threadId: string;
  seq: number;
  role: 'user' | 'assistant';
  text: string;
  imageUrl: string | null;
  version: string | null;
  status: 'streaming' | 'complete' | 'error' | 'offline';
  createdAt: string;
  updatedAt: string;
}

export type MessageStatus = 'complete' | 'streaming' | 'cancelled' | 'interrupted' | 'error';

export interface MessageTable {
  id: string;
  conversationId: string;
  userId: number;
  parentMessageId: string;
  /** Order within the conversation: the paging key. */
  seq: number;
  sender: string;
  isCreatedByUser: number;
  text: string;
  /** JSON array of content parts. */
  content: string;
  status: MessageStatus;
  error: number;
  unfinished: number;
  endpoint: string | null;
  model: string | null;
  files: string;
  gadgetId: string | null;
  isLiked: number | null;
  clientTimestamp: string | null;
  tokenCount: number | null;
  createdAt: string;
  updatedAt: string;
  /** The stream writing this answer (answers only; null for questions and older rows). */
  streamId?: string | null;
}

export interface LicenseTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** 0 means unlimited. */
  tokenLimit: number;
  periodDays: number;
  useYn: 'Y' | 'N';
  /** 'Y' on the one plan a teacher may start once as the free trial. */
  trialYn: Generated<'Y' | 'N'>;
  createdAt: string;
  updatedAt: string;
}

export interface LicenseTrialClaimTable {
  userId: number;
  userLicenseId: number;
  claimedAt: string;
}

export interface LicenseKeyTable {
  id: Generated<number>;
  licenseId: number;
  licenseKey: string;
  groupName: string | null;
  status: 'ISSUED' | 'USED' | 'REVOKED';
  createdAt: string;
  /** The address a key was mailed to, and when (a group never mails one key twice). */
  sentTo: Generated<string | null>;
  sentAt: Generated<string | null>;
}

export interface UserLicenseTable {
  id: Generated<number>;
  userId: number;
  licenseKeyId: number;
  startAt: string;
  expiresAt: string;
  tokenLimit: number;
  tokenUsed: number;
  tokenReserved: number;
  status: 'ACTIVE' | 'SUSPENDED' | 'EXPIRED';
  createdAt: string;
  updatedAt: string;
}

export interface TokenReservationTable {
  id: string;
  userLicenseId: number;
  userId: number;
  amount: number;
  used: number | null;
  status: 'RESERVED' | 'SETTLED' | 'RELEASED';
  purpose: string;
  createdAt: string;
  settledAt: string | null;
  rolledUp: Generated<number>;
  /** The model that answered (null for calls settled before models were recorded). */
  model: Generated<string | null>;
}

export interface EmailVerificationTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  verifiedAt: number | null;
  tokenHash: string | null;
  usedAt: number | null;
  createdAt: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  /** Epoch seconds. */
  expiresAt: number | null;
  consumedAt: number | null;
  /** The subject the row belongs to (sessions, grants, tokens), to list and end a user's sessions. */
  accountId: Generated<string | null>;
}

export interface OidcKeyTable {
  kid: string;
  kind: 'signing' | 'cookie' | 'invite';
  material: string;
  createdAt: string;
  retiredAt: string | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  username: string;
  ip: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

export interface RevokedSessionTable {
  sid: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** A partner product registered for the token exchange (docs/partner-login.md). */
export interface PartnerProductTable {
  id: Generated<number>;
  productKey: string;
  name: string;
  clientId: string;
  /** JSON array of URLs. */
  redirectUris: string;
  /** JSON array of role names. */
  allowedRoles: string;
  /** JSON JWK Set of public keys. */
  jwks: string;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}
export type PartnerProductRow = Selectable<PartnerProductTable>;

/** An assertion id a partner has used: refused if presented again before it expires. */
export interface PartnerAssertionTable {
  clientId: string;
  jti: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface CodeTable {
  codeSeq: number;
  parentSeq: number | null;
  groupCode: string;
  name: string;
  translation: string;
  sortOrder: number;
}

export interface SchoolTable {
  id: Generated<number>;
  schoolCode: string;
  name: string;
  engName: string | null;
  level: string;
  levelCodeSeq: number | null;
  officeName: string | null;
  address: string | null;
  phone: string | null;
  homepage: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface StandardTable {
  id: Generated<number>;
  curriculum: number;
  code: string;
  schoolLevel: string;
  gradeBand: string;
  subjectGroup: string;
  subject: string;
  area: string | null;
  statement: string;
  levels: string | null;
  needsReview: number;
}

export interface PublisherTable {
  seq: Generated<number>;
  name: string;
  author: string;
  schoolLevel: string;
  subject: string;
  sortOrder: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string | null;
  name: string;
  nickName: string | null;
  email: string | null;
  mobile: string | null;
  profile: string | null;
  code: string | null;
  schoolId: number | null;
  roles: string;
  assignedGrade: number | null;
  title: string | null;
  enabled: number;
  subject: string | null;
  /** Epoch seconds: access tokens issued before are refused. */
  tokensNotBefore: Generated<number | null>;
  createdAt: string;
  updatedAt: string;
}

export interface ErrorReportTable {
  id: Generated<number>;
  userId: number | null;
  errorMessage: string;
  errorType: string | null;
  errorStack: string | null;
  errorUrl: string | null;
  errorBrowser: string | null;
  errorOs: string | null;
  errorDevice: string | null;
  errorUserAgent: string | null;
  errorIp: string | null;
  signature: Generated<string | null>;
  createdAt: string;
}

export interface ReferenceImportTable {
  name: string;
  fingerprint: string;
  rowCount: number;
  importedAt: string;
}

export type CodeRow = Selectable<CodeTable>;
export type SchoolRow = Selectable<SchoolTable>;
export type NewSchool = Insertable<SchoolTable>;
export type StandardRow = Selectable<StandardTable>;
export type NewStandard = Insertable<StandardTable>;
export type PublisherRow = Selectable<PublisherTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
