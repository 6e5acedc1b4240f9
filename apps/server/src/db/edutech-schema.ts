import type { Generated, Insertable, Selectable } from 'kysely';

/** The edutech tables (migration 0028). */
export interface EdutechVendorTable {
  id: Generated<number>;
  ownerId: number | null;
  name: string;
  nameKey: string;
  homepage: string | null;
  description: string;
  contactEmail: string | null;
  createdAt: string;
  updatedAt: string;
}
export type EdutechVendorRow = Selectable<EdutechVendorTable>;

export interface EdutechProductTable {
  id: Generated<number>;
  sourceKey: string | null;
  vendorId: number | null;
  name: string;
  searchText: string;
  category: string;
  categoryMajor: string | null;
  categoryMiddle: string | null;
  categoryMinor: string | null;
  levels: string;
  forElementary: number;
  forMiddle: number;
  forHigh: number;
  targetText: string | null;
  pricePolicy: string;
  priceType: string;
  description: string;
  siteUrl: string | null;
  serviceStatus: string;
  reviewStatus: string;
  reviewNote: string | null;
  logoKey: string | null;
  screenshotKey: string | null;
  likeCount: Generated<number>;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
}
export type EdutechProductRow = Selectable<EdutechProductTable>;
export type NewEdutechProduct = Insertable<EdutechProductTable>;

export interface EdutechLicenceTable {
  id: Generated<number>;
  userId: number;
  productId: number | null;
  schoolId: number | null;
  officeName: string | null;
  gradeSeq: number | null;
  name: string;
  siteUrl: string | null;
  startOn: string;
  endOn: string | null;
  createdAt: string;
  updatedAt: string;
}
export type EdutechLicenceRow = Selectable<EdutechLicenceTable>;

export interface EdutechLikeTable {
  productId: number;
  userId: number;
  createdAt: string;
}

/** The counts behind badges and rankings (migration 0029). */
export interface EdutechProductCountTable {
  productId: number;
  inUseCount: number;
  steadyCount: number;
  orderCount: number;
}
export interface EdutechOfficeCountTable {
  productId: number;
  officeName: string;
  orderCount: number;
}
export interface EdutechGradeCountTable {
  productId: number;
  gradeSeq: number;
  inUseCount: number;
}
export interface EdutechCountStateTable {
  id: number;
  countedOn: string;
  countedAt: string;
}
