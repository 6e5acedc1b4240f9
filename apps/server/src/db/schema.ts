import type { Generated, Insertable, Selectable } from 'kysely';

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
}

export interface OidcKeyTable {
  kid: string;
  kind: 'signing' | 'cookie';
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
