import { z } from 'zod';
import { MATERIAL_TYPES } from './plain-values.ts';
import { libraryTypeSchema } from './tools.ts';

export { MATERIAL_TYPES };

/** core.md §3: the material types, visibility and status of a library item. */
export const materialTypeSchema = z.enum(MATERIAL_TYPES);
export type MaterialType = z.infer<typeof materialTypeSchema>;

export const VISIBILITIES = ['PUBLIC', 'SCHOOL', 'PRIVATE'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof visibilitySchema>;

/** 1 waiting, 2 processing, 3 complete. */
export const libraryStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** core.md §2 Library: the three tabs and the filter chips. */
export const LIBRARY_TABS = ['OUR_SCHOOL', 'OTHER_SCHOOLS', 'SUGGESTIONS'] as const;
export const LIBRARY_FILTERS = ['ALL', 'SCHOOL', 'NEW', 'POPULAR', 'LIKED', 'SAVED'] as const;
/** Counts stop at this number; the UI shows "1,000+". */
export const LIBRARY_COUNT_CAP = 1000;
/** "Newly created" means made within this many days. */
export const LIBRARY_NEW_DAYS = 30;

const cursorSchema = z.string().max(200).optional();

export const librarySearchQuerySchema = z.object({
  tab: z.enum(LIBRARY_TABS).default('OUR_SCHOOL'),
  keyword: z.string().trim().max(100, { message: '검색어는 100자 이내로 입력해주세요.' }).optional(),
  gradeSeq: z.coerce.number().int().positive().optional(),
  subjectSeq: z.coerce.number().int().positive().optional(),
  /** A subject by name (수학), for every grade that has it: the subject chosen before (or without) a grade. */
  subject: z.string().trim().min(1).max(40).optional(),
  materialType: materialTypeSchema.optional(),
  filter: z.enum(LIBRARY_FILTERS).default('ALL'),
  cursor: cursorSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type LibrarySearchQuery = z.infer<typeof librarySearchQuerySchema>;

export const libraryAuthorSchema = z.object({ id: z.number().int(), name: z.string() });
export const librarySchoolSchema = z.object({ id: z.number().int(), name: z.string() });

/** A result card: enough to list, never the full content. */
export const libraryCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    libraryType: libraryTypeSchema.or(z.string()),
    materialType: materialTypeSchema.or(z.string()),
    status: libraryStatusSchema,
    visibility: visibilitySchema,
    editable: z.boolean(),
    gradeSeq: z.number().int().nullable(),
    gradeName: z.string().nullable(),
    subjectSeq: z.number().int().nullable(),
    subjectName: z.string().nullable(),
    author: libraryAuthorSchema,
    school: librarySchoolSchema.nullable(),
    excerpt: z.string(),
    likeCount: z.number().int(),
    bookmarkCount: z.number().int(),
    viewCount: z.number().int(),
    liked: z.boolean(),
    bookmarked: z.boolean(),
    createdAt: z.string(),
    /** Assistant suggestions only: one line saying why this item is suggested. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'LibraryCard' });
export type LibraryCard = z.infer<typeof libraryCardSchema>;

export const materialAbilitiesSchema = z.object({
  view: z.boolean(),
  /** Like, bookmark, file into folders: a reader's actions (not a moderator's). */
  use: z.boolean(),
  edit: z.boolean(),
  copy: z.boolean(),
  changeSettings: z.boolean(),
  delete: z.boolean(),
});

export const libraryDetailSchema = libraryCardSchema
  .extend({
    /** The generated document as the tool stored it (its shape depends on libraryType). */
    content: z.unknown().nullable(),
    /** The document as plain paragraphs, for any type. */
    text: z.string(),
    abilities: materialAbilitiesSchema,
    folderId: z.number().int().nullable(),
  })
  .meta({ id: 'LibraryDetail' });
export type LibraryDetail = z.infer<typeof libraryDetailSchema>;

export const libraryPageSchema = z
  .object({
    items: z.array(libraryCardSchema),
    nextCursor: z.string().nullable(),
    /** Matching items, counted up to LIBRARY_COUNT_CAP. */
    total: z.number().int(),
    /** True when there are more than LIBRARY_COUNT_CAP ("1,000+"). */
    totalCapped: z.boolean(),
    /**
     * True when no item held every word of the keyword, so items holding any of them are listed
     * (title matches first). Absent for searches without a keyword.
     */
    matchedAnyWord: z.boolean().optional(),
    /** When nothing was found: the keyword with a mistyped or 초성-only word corrected, if that finds something. */
    suggestion: z.string().optional(),
  })
  .meta({ id: 'LibraryPage' });
export type LibraryPage = z.infer<typeof libraryPageSchema>;

export const libraryRecentParamsSchema = z.object({ x: z.coerce.number().int().min(1).max(50) });

export const libraryStatusInputSchema = z.object({ status: libraryStatusSchema });

export const accessSettingInputSchema = z
  .object({ visibility: visibilitySchema, editable: z.boolean() })
  .meta({ id: 'LibraryAccessSetting' });
export type AccessSettingInput = z.infer<typeof accessSettingInputSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export const bookmarkStateSchema = z.object({ bookmarked: z.boolean(), bookmarkCount: z.number().int() });

export const shareLinkSchema = z
  .object({
    /** PUBLIC items: a page anyone with the link can open. Other items: the in-app page. */
    url: z.string(),
    public: z.boolean(),
  })
  .meta({ id: 'LibraryShareLink' });
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const bookmarkListQuerySchema = z.object({
  cursor: cursorSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** What anyone holding a PUBLIC item's share link sees: no author name, no settings. */
export const publicLibraryItemSchema = z
  .object({
    title: z.string(),
    libraryType: z.string(),
    materialType: z.string(),
    school: z.string().nullable(),
    gradeName: z.string().nullable(),
    subjectName: z.string().nullable(),
    createdAt: z.string(),
    content: z.unknown().nullable(),
    text: z.string(),
  })
  .meta({ id: 'PublicLibraryItem' });
export type PublicLibraryItem = z.infer<typeof publicLibraryItemSchema>;

/** core.md §2 My Materials: tabs and the type filter. */
export const MY_MATERIAL_TABS = ['CREATED', 'FAVORITES', 'LIKES'] as const;
export const myMaterialsQuerySchema = z.object({
  /** The school year (March to February); defaults to the current one. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  tab: z.enum(MY_MATERIAL_TABS).default('CREATED'),
  materialType: materialTypeSchema.optional(),
  /** Only the items the caller put in this folder. */
  folderId: z.coerce.number().int().positive().optional(),
  cursor: cursorSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type MyMaterialsQuery = z.infer<typeof myMaterialsQuerySchema>;

export const myMaterialsPageSchema = libraryPageSchema
  .extend({ year: z.number().int() })
  .meta({ id: 'MyMaterialsPage' });

export const folderNameSchema = z
  .string()
  .trim()
  .min(1, { message: '폴더 이름을 입력해주세요.' })
  .max(50, { message: '폴더 이름은 50자 이내로 입력해주세요.' });

export const folderInputSchema = z
  .object({ name: folderNameSchema, parentId: z.number().int().positive().nullable().default(null) })
  .meta({ id: 'FolderCreate' });
export const folderRenameSchema = z.object({ name: folderNameSchema }).meta({ id: 'FolderRename' });

export const FOLDER_DELETE_TYPES = ['MOVE_TO_ROOT', 'DELETE_CONTENTS'] as const;
export const folderDeleteQuerySchema = z.object({
  deleteType: z.enum(FOLDER_DELETE_TYPES).default('MOVE_TO_ROOT'),
});

export const folderSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    itemCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Folder' });
export type Folder = z.infer<typeof folderSchema>;

export const folderLibraryInputSchema = z
  .object({
    /** null takes the items out of any folder (back to the root). */
    folderId: z.number().int().positive().nullable(),
    libraryIds: z.array(z.number().int().positive()).min(1).max(100),
  })
  .meta({ id: 'FolderLibrary' });

/** `GET my-materials/library`: the caller's finished items, for pickers. */
export const myLibraryEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  libraryType: z.string(),
  materialType: z.string(),
  createdAt: z.string(),
  folderId: z.number().int().nullable(),
});
