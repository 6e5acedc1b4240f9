import { type Insertable, type Kysely, PostgresAdapter, type RawBuilder, sql, type Updateable } from 'kysely';
import { LRUCache } from 'lru-cache';
import type {
  EdutechLicenceRow,
  EdutechLicenceTable,
  EdutechProductTable,
  EdutechVendorRow,
  EdutechVendorTable,
} from '../../db/edutech-schema.ts';
import type { Database } from '../../db/schema.ts';
import { termGrams } from './edutech-catalogue.ts';

export interface ProductFilter {
  /** Keyword parts, every one in the name (AND), as normalised by keywordTerms. */
  terms: string[];
  category?: string | undefined;
  level?: 'ELEMENTARY' | 'MIDDLE' | 'HIGH' | undefined;
  priceType?: string | undefined;
}

const PRODUCT_COLUMNS = [
  'edutechProduct.id',
  'edutechProduct.vendorId',
  'edutechVendor.name as vendorName',
  'edutechVendor.ownerId as vendorOwnerId',
  'edutechProduct.name',
  'edutechProduct.category',
  'edutechProduct.categoryMajor',
  'edutechProduct.categoryMiddle',
  'edutechProduct.categoryMinor',
  'edutechProduct.levels',
  'edutechProduct.targetText',
  'edutechProduct.pricePolicy',
  'edutechProduct.priceType',
  'edutechProduct.description',
  'edutechProduct.siteUrl',
  'edutechProduct.serviceStatus',
  'edutechProduct.reviewStatus',
  'edutechProduct.reviewNote',
  'edutechProduct.logoKey',
  'edutechProduct.screenshotKey',
  'edutechProduct.likeCount',
  'edutechProduct.createdBy',
  'edutechProduct.createdAt',
  'edutechProduct.approvedAt',
  'edutechProduct.forElementary',
  'edutechProduct.forMiddle',
  'edutechProduct.forHigh',
  'edutechProductCount.inUseCount',
  'edutechProductCount.steadyCount',
] as const;

export type ProductRow = {
  id: number;
  vendorId: number | null;
  vendorName: string | null;
  vendorOwnerId: number | null;
  name: string;
  category: string;
  categoryMajor: string | null;
  categoryMiddle: string | null;
  categoryMinor: string | null;
  levels: string;
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
  likeCount: number;
  createdBy: number | null;
  createdAt: string;
  approvedAt: string | null;
  forElementary: number;
  forMiddle: number;
  forHigh: number;
  /** Teachers with it in use today, and in use for a year or more (null: none counted). */
  inUseCount: number | null;
  steadyCount: number | null;
  /** Whether the viewer liked it and has it in use today (1/0), when read for a viewer. */
  liked?: number;
  inUse?: number;
};

/** Whose like and licence a product read marks, and the day "in use" is judged on. */
export interface ProductViewer {
  userId: number;
  today: string;
}

const likePattern = (term: string) => `% ${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Licence counts per product, as [productId, count] rows. */
export type ProductCounts = Map<number, number>;
const toCounts = (rows: { productId: number | null; n: number | string | bigint }[]): ProductCounts =>
  new Map(
    rows.filter((row) => row.productId !== null).map((row) => [row.productId as number, Number(row.n)]),
  );

/** A teacher's licence with its product's logo, category and steady-seller count. */
export type LicenceListRow = EdutechLicenceRow & {
  logoKey: string | null;
  category: string | null;
  steadyCount: number | null;
};

/** A product row with the count it is ranked by. */
export type RankedRow = ProductRow & { n: number };

/**
 * Inserts the counts of every product, or of one, from the licences (its rows are deleted first).
 * Upserts, so two recounts at once (two instances at midnight, two teachers registering one
 * product) both succeed and the later one stands.
 */
async function insertCounts(trx: Kysely<Database>, today: string, since: string, productId: number | null) {
  const one = productId === null ? sql`` : sql`and product_id = ${productId}`;
  const inUse = sql`(end_on is null or end_on >= ${today})`;
  await sql`insert into edutech_product_count (product_id, in_use_count, steady_count, order_count)
    select product_id,
      count(distinct case when ${inUse} then user_id end),
      count(distinct case when ${inUse} and start_on <= ${since} then user_id end),
      count(distinct user_id)
    from edutech_licence where product_id is not null ${one} group by product_id
    on conflict (product_id) do update set in_use_count = excluded.in_use_count,
      steady_count = excluded.steady_count, order_count = excluded.order_count`.execute(trx);
  await sql`insert into edutech_office_count (product_id, office_name, order_count)
    select product_id, office_name, count(distinct user_id)
    from edutech_licence where product_id is not null and office_name is not null ${one}
    group by product_id, office_name
    on conflict (product_id, office_name) do update set order_count = excluded.order_count`.execute(trx);
  await sql`insert into edutech_grade_count (product_id, grade_seq, in_use_count)
    select product_id, grade_seq, count(distinct user_id)
    from edutech_licence where product_id is not null and grade_seq is not null and ${inUse} ${one}
    group by product_id, grade_seq
    on conflict (product_id, grade_seq) do update set in_use_count = excluded.in_use_count`.execute(trx);
}

/**
 * How long a search's page of product ids and its number of results are reused. They change only
 * when products are added, approved, edited, withdrawn or liked (which clear them in this
 * process), so at worst another instance lists a page in an order up to this old; the products on
 * it are always read fresh, and approved again.
 */
const TOTAL_TTL_MS = 30_000;

/** Whether the viewer has a licence of the product (`productId`, an SQL column) in use today. */
const inUseBy = (viewer: ProductViewer, productId: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from edutech_licence where edutech_licence.user_id = ${viewer.userId}
    and edutech_licence.product_id = ${productId}
    and (edutech_licence.end_on is null or edutech_licence.end_on >= ${viewer.today}))`;

/** The viewer's flags on a product row (1/0): liked, and in use today. */
const viewerFlags = (viewer: ProductViewer) => [
  sql<number>`case when exists (select 1 from edutech_like where edutech_like.product_id = edutech_product.id
    and edutech_like.user_id = ${viewer.userId}) then 1 else 0 end`.as('liked'),
  sql<number>`case when ${inUseBy(viewer, sql`edutech_product.id`)} then 1 else 0 end`.as('inUse'),
];

/**
 * The school level the recommendation rules give a teacher (1 elementary, 2 middle, 3 high, else
 * null): their assigned grade's, else their school's — edutech-rules' gradeOf and levelOfSeq, read
 * in the query that needs it so the strip's lists do not wait for the teacher's row first.
 */
const levelSeqOf = (userId: number) => sql<number | null>`(select coalesce(
    case when users.assigned_grade / 10 in (1, 2, 3) then users.assigned_grade / 10 end,
    case when school.level_code_seq in (1, 2, 3) then school.level_code_seq end)
  from users left join school on school.id = users.school_id where users.id = ${userId})`;

/**
 * What the recommendation rules weigh of a candidate, whether the viewer has it in use, and the
 * level it was chosen for (`levelSeqOf` the viewer when none was given). The list reads the few it
 * shows whole.
 */
export type CandidateRow = Pick<
  ProductRow,
  'id' | 'category' | 'priceType' | 'levels' | 'likeCount' | 'inUseCount'
> & { inUse: number; levelSeq: number | null };

export function createEdutechRepository(db: Kysely<Database>) {
  const totals = new LRUCache<string, Promise<number>>({ max: 500, ttl: TOTAL_TTL_MS });
  const pages = new LRUCache<string, Promise<number[]>>({ max: 500, ttl: TOTAL_TTL_MS });
  function forgetSearches() {
    totals.clear();
    pages.clear();
  }
  /** A search's page of ids in catalogue order (reading every name for a keyword). */
  function pageOf(filter: ProductFilter, page: number, size: number): Promise<number[]> {
    const key = JSON.stringify([filter.terms, filter.category, filter.level, filter.priceType, page, size]);
    const cached = pages.get(key);
    if (cached) return cached;
    const first = filter.terms[0];
    // Names that start with the first keyword come first, then the liked, then by name. The page
    // is sorted as bare ids (small sort rows, no joins per match); its products are read by key.
    let listed = catalogue(filter)
      .select('edutechProduct.id')
      .orderBy(sql`case when ${sql.ref('edutechProduct.serviceStatus')} = 'ACTIVE' then 0 else 1 end`);
    if (first) {
      listed = listed.orderBy(
        sql`case when ${sql.ref('edutechProduct.searchText')} like ${likePattern(first)} escape '\\' then 0 else 1 end`,
      );
    }
    const ids = listed
      .orderBy('edutechProduct.likeCount', 'desc')
      .orderBy('edutechProduct.name')
      .orderBy('edutechProduct.id')
      .limit(size)
      .offset(page * size)
      .execute()
      .then((rows) => rows.map((row) => row.id));
    pages.set(key, ids);
    ids.catch(() => pages.delete(key));
    return ids;
  }
  /** The number of approved products a filter finds (counting is a scan for a keyword). */
  function totalOf(filter: ProductFilter): Promise<number> {
    const key = JSON.stringify([filter.terms, filter.category, filter.level, filter.priceType]);
    const cached = totals.get(key);
    if (cached) return cached;
    const counted = catalogue(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
    totals.set(key, counted);
    counted.catch(() => totals.delete(key));
    return counted;
  }

  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * Products with vendor and counts; read for a viewer, each row also says whether the viewer
   * liked it and has it in use today, in the same query (no round trip per list for the flags).
   */
  const products = (viewer?: ProductViewer) => {
    const query = db
      .selectFrom('edutechProduct')
      .leftJoin('edutechVendor', 'edutechVendor.id', 'edutechProduct.vendorId')
      .leftJoin('edutechProductCount', 'edutechProductCount.productId', 'edutechProduct.id')
      .select(PRODUCT_COLUMNS);
    return viewer ? query.select(viewerFlags(viewer)) : query;
  };

  /**
   * The first `limit` approved, operating products of a ranking: the top of a count table read in
   * its index order, then those products by primary key; a wider top when some are withdrawn or
   * ended, until the ranking runs out.
   */
  async function topOf(
    top: (k: number) => Promise<{ productId: number; n: number }[]>,
    limit: number,
    viewer?: ProductViewer,
  ): Promise<RankedRow[]> {
    for (let k = limit * 2 + 10; ; k *= 4) {
      const ranked = await top(k);
      if (!ranked.length) return [];
      const rows = new Map(
        (
          (await products(viewer)
            .where(
              'edutechProduct.id',
              'in',
              ranked.map((row) => row.productId),
            )
            .where('edutechProduct.reviewStatus', '=', 'APPROVED')
            .where('edutechProduct.serviceStatus', '=', 'ACTIVE')
            .execute()) as ProductRow[]
        ).map((row) => [row.id, row]),
      );
      const kept = ranked.flatMap((entry) => {
        const row = rows.get(entry.productId);
        return row ? [{ ...row, n: Number(entry.n) }] : [];
      });
      if (kept.length >= limit || ranked.length < k) return kept.slice(0, limit);
    }
  }

  function catalogue(filter: ProductFilter) {
    // A keyword matches anywhere in the name, so every row is read: in one pass over the table. Compared
    // as an expression, the status does not lead SQLite to walk the order index instead, reading the
    // table one row at a time (ten thousand lookups, several times slower).
    let query = filter.terms.length
      ? db
          .selectFrom('edutechProduct')
          .where(sql<string>`${sql.ref('edutechProduct.reviewStatus')} || ''`, '=', 'APPROVED')
      : db.selectFrom('edutechProduct').where('edutechProduct.reviewStatus', '=', 'APPROVED');
    for (const term of filter.terms) {
      // PostgreSQL: the term's grams narrow through the gram index (migration 0045) first.
      if (isPostgres)
        query = query.where(
          sql<boolean>`edutech_search_grams(edutech_product.search_text) @> ${termGrams(term)}::text[]`,
        );
      query = query.where(
        sql<boolean>`${sql.ref('edutechProduct.searchText')} like ${containsPattern(term)} escape '\\'`,
      );
    }
    if (filter.category) query = query.where('edutechProduct.category', '=', filter.category);
    if (filter.priceType) query = query.where('edutechProduct.priceType', '=', filter.priceType);
    if (filter.level === 'ELEMENTARY') query = query.where('edutechProduct.forElementary', '=', 1);
    if (filter.level === 'MIDDLE') query = query.where('edutechProduct.forMiddle', '=', 1);
    if (filter.level === 'HIGH') query = query.where('edutechProduct.forHigh', '=', 1);
    return query;
  }

  return {
    async listProducts(filter: ProductFilter, page: number, size: number, viewer?: ProductViewer) {
      const [ids, total] = await Promise.all([pageOf(filter, page, size), totalOf(filter)]);
      const byId = new Map(
        ((await this.productsByIds(ids, viewer)) as ProductRow[]).map((row) => [row.id, row]),
      );
      // Approved again: a product withdrawn between the two reads is not shown.
      const rows = ids.flatMap((id) => {
        const product = byId.get(id);
        return product?.reviewStatus === 'APPROVED' ? [product] : [];
      });
      return { rows, total };
    },

    async findProduct(id: number, viewer?: ProductViewer): Promise<ProductRow | undefined> {
      return (await products(viewer).where('edutechProduct.id', '=', id).executeTakeFirst()) as
        | ProductRow
        | undefined;
    },

    async productsByIds(ids: number[], viewer?: ProductViewer): Promise<ProductRow[]> {
      if (!ids.length) return [];
      return (await products(viewer).where('edutechProduct.id', 'in', ids).execute()) as ProductRow[];
    },

    /**
     * Approved, operating products a rule may recommend (at most `limit`, most liked first) for a
     * school level (1–3, or null for every level), or, when `levelSeq` is undefined, for the
     * viewer's own level read in the same query (each row says which level that was).
     */
    async candidates(
      limit: number,
      viewer: ProductViewer,
      levelSeq?: number | null,
    ): Promise<CandidateRow[]> {
      // A bound level is cast: PostgreSQL cannot tell an untyped parameter's type inside CASE.
      const level =
        levelSeq === undefined ? levelSeqOf(viewer.userId) : sql<number | null>`cast(${levelSeq} as integer)`;
      return (await db
        .selectFrom('edutechProduct')
        .leftJoin('edutechProductCount', 'edutechProductCount.productId', 'edutechProduct.id')
        .select([
          'edutechProduct.id',
          'edutechProduct.category',
          'edutechProduct.priceType',
          'edutechProduct.levels',
          'edutechProduct.likeCount',
          'edutechProductCount.inUseCount',
          sql<number>`case when ${inUseBy(viewer, sql`edutech_product.id`)} then 1 else 0 end`.as('inUse'),
          level.as('levelSeq'),
        ])
        .where('edutechProduct.reviewStatus', '=', 'APPROVED')
        .where('edutechProduct.serviceStatus', '=', 'ACTIVE')
        .where(
          sql<boolean>`case ${level} when 1 then edutech_product.for_elementary = 1
            when 2 then edutech_product.for_middle = 1 when 3 then edutech_product.for_high = 1 else 1 = 1 end`,
        )
        .orderBy('edutechProduct.likeCount', 'desc')
        .orderBy('edutechProduct.id')
        .limit(limit)
        .execute()) as CandidateRow[];
    },

    async newestProducts(limit: number, viewer?: ProductViewer): Promise<ProductRow[]> {
      return (await products(viewer)
        .where('edutechProduct.reviewStatus', '=', 'APPROVED')
        .where('edutechProduct.serviceStatus', '=', 'ACTIVE')
        .orderBy('edutechProduct.approvedAt', 'desc')
        .orderBy('edutechProduct.id', 'desc')
        .limit(limit)
        .execute()) as ProductRow[];
    },

    async mostLiked(limit: number, viewer?: ProductViewer): Promise<ProductRow[]> {
      return (await products(viewer)
        .where('edutechProduct.reviewStatus', '=', 'APPROVED')
        .where('edutechProduct.serviceStatus', '=', 'ACTIVE')
        .where('edutechProduct.likeCount', '>', 0)
        .orderBy('edutechProduct.likeCount', 'desc')
        .orderBy('edutechProduct.id')
        .limit(limit)
        .execute()) as ProductRow[];
    },

    async insertProduct(values: Insertable<EdutechProductTable>): Promise<number> {
      const row = await db
        .insertInto('edutechProduct')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      forgetSearches();
      return row.id;
    },

    async updateProduct(id: number, values: Updateable<EdutechProductTable>): Promise<void> {
      await db.updateTable('edutechProduct').set(values).where('id', '=', id).execute();
      // Approval, withdrawal, a new name or category change what a search finds.
      forgetSearches();
    },

    async productsOfVendor(
      vendorId: number,
      approvedOnly: boolean,
      viewer?: ProductViewer,
    ): Promise<ProductRow[]> {
      let query = products(viewer).where('edutechProduct.vendorId', '=', vendorId);
      if (approvedOnly) query = query.where('edutechProduct.reviewStatus', '=', 'APPROVED');
      return (await query.orderBy('edutechProduct.id', 'desc').execute()) as ProductRow[];
    },

    async pendingProducts(): Promise<ProductRow[]> {
      return (await products()
        .where('edutechProduct.reviewStatus', '=', 'PENDING')
        .orderBy('edutechProduct.createdAt')
        .execute()) as ProductRow[];
    },

    // ---- likes ----

    async likedAmong(userId: number, productIds: number[]): Promise<Set<number>> {
      if (!productIds.length) return new Set();
      const rows = await db
        .selectFrom('edutechLike')
        .select('productId')
        .where('userId', '=', userId)
        .where('productId', 'in', productIds)
        .execute();
      return new Set(rows.map((row) => row.productId));
    },

    /** Adds or removes a like and keeps the product's count; false when nothing changed. */
    async setLike(productId: number, userId: number, liked: boolean, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const changed = liked
          ? Number(
              (
                await trx
                  .insertInto('edutechLike')
                  .values({ productId, userId, createdAt: now })
                  .onConflict((oc) => oc.columns(['productId', 'userId']).doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0,
            )
          : Number(
              (
                await trx
                  .deleteFrom('edutechLike')
                  .where('productId', '=', productId)
                  .where('userId', '=', userId)
                  .executeTakeFirst()
              ).numDeletedRows,
            );
        if (changed > 0) {
          // A like moves the product in the catalogue's order.
          forgetSearches();
          await trx
            .updateTable('edutechProduct')
            .set((eb) => ({ likeCount: eb('likeCount', '+', liked ? 1 : -1) }))
            .where('id', '=', productId)
            .execute();
        }
        return changed > 0;
      });
    },

    // ---- licences ----

    async licencesOf(userId: number): Promise<LicenceListRow[]> {
      return db
        .selectFrom('edutechLicence')
        .leftJoin('edutechProduct', 'edutechProduct.id', 'edutechLicence.productId')
        .leftJoin('edutechProductCount', 'edutechProductCount.productId', 'edutechLicence.productId')
        .selectAll('edutechLicence')
        .select(['edutechProduct.logoKey', 'edutechProduct.category', 'edutechProductCount.steadyCount'])
        .where('edutechLicence.userId', '=', userId)
        .orderBy(sql`case when ${sql.ref('edutechLicence.endOn')} is null then 1 else 0 end`)
        .orderBy('edutechLicence.endOn')
        .orderBy('edutechLicence.id')
        .execute();
    },

    async findLicence(id: number): Promise<EdutechLicenceRow | undefined> {
      return db.selectFrom('edutechLicence').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's licence of a product that has not ended by `today`, if any. */
    async currentLicence(
      userId: number,
      productId: number,
      today: string,
    ): Promise<EdutechLicenceRow | undefined> {
      return db
        .selectFrom('edutechLicence')
        .selectAll()
        .where('userId', '=', userId)
        .where('productId', '=', productId)
        .where((eb) => eb.or([eb('endOn', 'is', null), eb('endOn', '>=', today)]))
        .orderBy(sql`case when ${sql.ref('endOn')} is null then 1 else 0 end`, 'desc')
        .orderBy('endOn', 'desc')
        .executeTakeFirst();
    },

    async inUseAmong(userId: number, productIds: number[], today: string): Promise<Set<number>> {
      if (!productIds.length) return new Set();
      const rows = await db
        .selectFrom('edutechLicence')
        .select('productId')
        .where('userId', '=', userId)
        .where('productId', 'in', productIds)
        .where((eb) => eb.or([eb('endOn', 'is', null), eb('endOn', '>=', today)]))
        .execute();
      return new Set(rows.map((row) => row.productId ?? 0));
    },

    async insertLicence(values: Insertable<EdutechLicenceTable>): Promise<number> {
      const row = await db
        .insertInto('edutechLicence')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateLicence(id: number, values: Updateable<EdutechLicenceTable>): Promise<void> {
      await db.updateTable('edutechLicence').set(values).where('id', '=', id).execute();
    },

    async deleteLicence(id: number): Promise<void> {
      await db.deleteFrom('edutechLicence').where('id', '=', id).execute();
    },

    // ---- counts the badges and rankings are made of ----

    /**
     * Counts every product's teachers again from the licences: in use on `today`, in use since
     * `since` or earlier (steady), ever registered (orders), per office and per grade. Run when the
     * day changes; between, licence changes recount their own product (recountProduct).
     */
    async recountAll(today: string, since: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('edutechProductCount').execute();
        await trx.deleteFrom('edutechOfficeCount').execute();
        await trx.deleteFrom('edutechGradeCount').execute();
        await insertCounts(trx, today, since, null);
        await trx
          .insertInto('edutechCountState')
          .values({ id: 1, countedOn: today, countedAt: at })
          .onConflict((oc) => oc.column('id').doUpdateSet({ countedOn: today, countedAt: at }))
          .execute();
      });
    },

    /** Counts one product's teachers again (after one of its licences changed). */
    async recountProduct(productId: number, today: string, since: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('edutechProductCount').where('productId', '=', productId).execute();
        await trx.deleteFrom('edutechOfficeCount').where('productId', '=', productId).execute();
        await trx.deleteFrom('edutechGradeCount').where('productId', '=', productId).execute();
        await insertCounts(trx, today, since, productId);
      });
    },

    /** The day the stored counts are for, if they were ever made. */
    async countedOn(): Promise<string | null> {
      const row = await db
        .selectFrom('edutechCountState')
        .select('countedOn')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row?.countedOn ?? null;
    },

    /** The `top` products most in use, with at least `min` teachers. */
    async mostInUse(min: number, top: number): Promise<number[]> {
      const rows = await db
        .selectFrom('edutechProductCount')
        .select('productId')
        .where('inUseCount', '>=', min)
        .orderBy('inUseCount', 'desc')
        .orderBy('productId')
        .limit(top)
        .execute();
      return rows.map((row) => row.productId);
    },

    /** Approved, operating products by teachers who ever registered them, most first. */
    async topByOrders(limit: number, viewer?: ProductViewer): Promise<RankedRow[]> {
      return topOf(
        (k) =>
          db
            .selectFrom('edutechProductCount')
            .select(['productId', 'orderCount as n'])
            .where('orderCount', '>', 0)
            .orderBy('orderCount', 'desc')
            .orderBy('productId')
            .limit(k)
            .execute(),
        limit,
        viewer,
      );
    },

    /** The same among teachers of schools under one education office. */
    async topByOffice(officeName: string, limit: number, viewer?: ProductViewer): Promise<RankedRow[]> {
      return topOf(
        (k) =>
          db
            .selectFrom('edutechOfficeCount')
            .select(['productId', 'orderCount as n'])
            .where('officeName', '=', officeName)
            .orderBy('orderCount', 'desc')
            .orderBy('productId')
            .limit(k)
            .execute(),
        limit,
        viewer,
      );
    },

    /**
     * Products teachers of a grade have in use, most first, leaving out those the viewer has in
     * use; the grade is the viewer's assigned grade, read in the same query.
     */
    async topByViewerGrade(viewer: ProductViewer, limit: number): Promise<RankedRow[]> {
      // One query: the grade's counts read in their index order, each product joined by key.
      return (await db
        .selectFrom('edutechGradeCount')
        .innerJoin('edutechProduct', 'edutechProduct.id', 'edutechGradeCount.productId')
        .leftJoin('edutechVendor', 'edutechVendor.id', 'edutechProduct.vendorId')
        .leftJoin('edutechProductCount', 'edutechProductCount.productId', 'edutechProduct.id')
        .select(PRODUCT_COLUMNS)
        .select(viewerFlags(viewer))
        .select('edutechGradeCount.inUseCount as n')
        .where(
          'edutechGradeCount.gradeSeq',
          '=',
          sql<number>`(select users.assigned_grade from users where users.id = ${viewer.userId})`,
        )
        .where('edutechGradeCount.inUseCount', '>', 0)
        .where('edutechProduct.reviewStatus', '=', 'APPROVED')
        .where('edutechProduct.serviceStatus', '=', 'ACTIVE')
        .where(sql<boolean>`not ${inUseBy(viewer, sql`edutech_grade_count.product_id`)}`)
        .orderBy('edutechGradeCount.inUseCount', 'desc')
        .orderBy('edutechGradeCount.productId')
        .limit(limit)
        .execute()) as RankedRow[];
    },

    /** Colleagues at a school with it in use today, per product (the teacher's own left out). */
    async schoolCounts(schoolId: number, exceptUserId: number, today: string): Promise<ProductCounts> {
      return toCounts(
        await db
          .selectFrom('edutechLicence')
          .select(['productId', (eb) => eb.fn.count<number>('userId').distinct().as('n')])
          .where('schoolId', '=', schoolId)
          .where('userId', '!=', exceptUserId)
          .where('productId', 'is not', null)
          .where((eb) => eb.or([eb('endOn', 'is', null), eb('endOn', '>=', today)]))
          .groupBy('productId')
          .execute(),
      );
    },

    // ---- the teacher as the rules see them ----

    async teacherProfile(userId: number) {
      const [user, subjects] = await Promise.all([this.teacherPlace(userId), this.teacherSubjects(userId)]);
      return { ...user, subjects };
    },

    /** The teacher's grade, school, education office and school level. */
    async teacherPlace(userId: number) {
      const user = await db
        .selectFrom('users')
        .leftJoin('school', 'school.id', 'users.schoolId')
        .select(['users.assignedGrade', 'users.schoolId', 'school.officeName', 'school.levelCodeSeq'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return {
        gradeSeq: user?.assignedGrade ?? null,
        schoolId: user?.schoolId ?? null,
        officeName: user?.officeName ?? null,
        schoolLevelSeq: user?.levelCodeSeq ?? null,
      };
    },

    /** The subjects the teacher makes materials for, most used first. */
    async teacherSubjects(userId: number): Promise<string[]> {
      const subjects = await db
        .selectFrom('libraryItem')
        .innerJoin('code', 'code.codeSeq', 'libraryItem.subjectSeq')
        .select(['code.name', (eb) => eb.fn.countAll<number>().as('n')])
        .where('libraryItem.creatorId', '=', userId)
        .groupBy('code.name')
        .orderBy('n', 'desc')
        .limit(3)
        .execute();
      return subjects.map((row) => row.name);
    },

    // ---- vendors ----

    async vendorOfOwner(ownerId: number): Promise<EdutechVendorRow | undefined> {
      return db.selectFrom('edutechVendor').selectAll().where('ownerId', '=', ownerId).executeTakeFirst();
    },
    async findVendor(id: number): Promise<EdutechVendorRow | undefined> {
      return db.selectFrom('edutechVendor').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async vendorByNameKey(nameKey: string): Promise<EdutechVendorRow | undefined> {
      return db.selectFrom('edutechVendor').selectAll().where('nameKey', '=', nameKey).executeTakeFirst();
    },
    async insertVendor(values: Insertable<EdutechVendorTable>): Promise<number> {
      const row = await db
        .insertInto('edutechVendor')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Changes a vendor; a new name is searched with its products' names (`searchText` makes their text). */
    async updateVendor(
      id: number,
      values: Updateable<EdutechVendorTable>,
      searchText: (productName: string) => string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('edutechVendor').set(values).where('id', '=', id).execute();
        if (values.name === undefined) return;
        const rows = await trx
          .selectFrom('edutechProduct')
          .select(['id', 'name'])
          .where('vendorId', '=', id)
          .execute();
        for (const row of rows) {
          await trx
            .updateTable('edutechProduct')
            .set({ searchText: searchText(row.name) })
            .where('id', '=', row.id)
            .execute();
        }
      });
      // Products are searched with their vendor's name.
      forgetSearches();
    },
  };
}

export type EdutechRepository = ReturnType<typeof createEdutechRepository>;
