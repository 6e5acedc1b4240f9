import { randomUUID } from 'node:crypto';
import {
  BEST_SELLER_TOP,
  type EdutechCategory,
  type EdutechLevel,
  type EdutechLicence,
  type EdutechLicenceInput,
  type EdutechLicenceList,
  type EdutechLicenceUpdate,
  type EdutechListQuery,
  type EdutechPriceType,
  type EdutechProductDetail,
  type EdutechProductPage,
  type EdutechProductSummary,
  type EdutechReviewDecision,
  type EdutechUnlinked,
  type EdutechVendor,
  type EdutechVendorInput,
  type EdutechVendorProductInput,
  type EdutechVendorProductUpdate,
  type RecommendationStrip,
  type RecommendedProduct,
  SELLER_MIN_TEACHERS,
  STEADY_SELLER_DAYS,
} from '@ssaem/contracts';
import { sniffFileType } from '@ssaem/documents';
import type { EdutechLicenceRow, EdutechVendorRow } from '../../db/edutech-schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { Actor } from '../../policies/actor.ts';
import {
  canBrowseEdutech,
  canEditEdutechProduct,
  canManageEdutechLicence,
  canReadEdutechProduct,
  canReviewEdutechProduct,
  canUseEdutechProduct,
  isProductVendor,
} from '../../policies/edutech.policy.ts';
import { keywordTerms } from '../library/search-grams.ts';
import type {
  EdutechRepository,
  LicenceListRow,
  ProductCounts,
  ProductRow,
  ProductViewer,
  RankedRow,
} from './edutech.repository.ts';
import { levelColumns, productSearchText } from './edutech-catalogue.ts';
import {
  addDays,
  audienceKo,
  CATEGORY_LABEL_KO,
  categoryOfSubject,
  daysLeft,
  fitReasonKo,
  gradeOf,
  isInUse,
  koreaDate,
  LEVEL_SEQ,
  levelOfSeq,
  levelsOfProduct,
  parseEdutechQuestion,
  type SchoolLevel,
} from './edutech-rules.ts';

/** A catalogue product as the assistant shows it (no vendor contacts, no counts). */
export interface AssistantProduct {
  name: string;
  url: string;
  siteUrl: string | null;
  price: string;
  levels: string;
  category: string;
  description: string;
}

const LEVEL_SHORT: Record<string, string> = {
  KINDERGARTEN: '유',
  ELEMENTARY: '초',
  MIDDLE: '중',
  HIGH: '고',
  UNIVERSITY: '대학',
  GENERAL: '일반',
  TEACHER: '교원',
};

function toAssistantProduct(product: EdutechProductSummary): AssistantProduct {
  return {
    name: product.name,
    url: `/edutech/${product.id}`,
    siteUrl: product.siteUrl,
    price: product.pricePolicy,
    levels: product.levels.map((level) => LEVEL_SHORT[level] ?? level).join('·'),
    category: CATEGORY_LABEL_KO[product.category],
    description: product.description,
  };
}

const IMAGE_KINDS = new Map([
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
]);

/** How long this process reuses the best-seller list (a licence changed here drops it at once). */
const BEST_SELLERS_TTL_MS = 30_000;

const imageUrl = (key: string | null) =>
  key ? `/api/v1/edutech/images/${key.slice('edutech/'.length)}` : null;

/** "2026년 11월 30일에 카탈로그에 새로 올라왔습니다.": the day written as Korean pages write it. */
export function newInCatalogueText(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  if (!year || !month || !day) return '카탈로그에 새로 올라왔습니다.';
  return `${year}년 ${month}월 ${day}일에 카탈로그에 새로 올라왔습니다.`;
}

export function createEdutechService(deps: {
  repository: EdutechRepository;
  storage: FileStorage;
  now?: () => Date;
}) {
  const repo = deps.repository;
  const now = deps.now ?? (() => new Date());
  const today = () => koreaDate(now());

  // ---- counts, kept in tables: recounted per product on a licence change, all at a new day ----
  let countedDay: string | null = null;
  let recounting: Promise<void> | null = null;
  const steadySince = (day: string) => addDays(day, -STEADY_SELLER_DAYS);

  /** Counts every product again for today (once at a time in this process). */
  function recountAll(): Promise<void> {
    recounting ??= (async () => {
      const day = today();
      await repo.recountAll(day, steadySince(day), now().toISOString());
      countedDay = day;
    })().finally(() => {
      recounting = null;
    });
    return recounting;
  }

  /** Makes sure the stored counts are today's; a new day (or a new database) recounts them. */
  async function ensureCounted(): Promise<void> {
    const day = today();
    if (countedDay === day) return;
    // Another instance may have counted already.
    if ((await repo.countedOn()) === day) {
      countedDay = day;
      return;
    }
    try {
      await recountAll();
    } catch (error) {
      // Another instance's recount of the same day won the race: its counts serve.
      if ((await repo.countedOn()) !== day) throw error;
      countedDay = day;
    }
  }

  async function recountProduct(productId: number | null): Promise<void> {
    if (productId === null) return;
    await ensureCounted();
    const day = today();
    await repo.recountProduct(productId, day, steadySince(day));
    bestSellerCache = null;
  }

  // Badges are on every card; the top ten changes slowly, so it is read at most every 30 seconds.
  let bestSellerCache: { at: number; day: string; value: Promise<Set<number>> } | null = null;
  async function bestSellers(): Promise<Set<number>> {
    await ensureCounted();
    const day = today();
    if (
      bestSellerCache &&
      bestSellerCache.day === day &&
      Date.now() - bestSellerCache.at < BEST_SELLERS_TTL_MS
    )
      return bestSellerCache.value;
    const value = repo.mostInUse(SELLER_MIN_TEACHERS, BEST_SELLER_TOP).then((ids) => new Set(ids));
    bestSellerCache = { at: Date.now(), day, value };
    value.catch(() => {
      bestSellerCache = null;
    });
    return value;
  }
  const isSteady = (count: number | null) => Number(count ?? 0) >= SELLER_MIN_TEACHERS;

  // ---- presenting products ----

  /** The actor as product reads mark it: their likes, and their licences in use today. */
  const viewerOf = (actor: Actor): ProductViewer => ({ userId: actor.userId, today: today() });

  async function presentProducts(actor: Actor, rows: ProductRow[]): Promise<EdutechProductSummary[]> {
    // Rows read for the viewer carry their flags; others ask for them (two small queries).
    const flagged = rows.every((row) => row.liked !== undefined && row.inUse !== undefined);
    const ids = flagged ? [] : rows.map((row) => row.id);
    const [best, liked, inUse] = await Promise.all([
      bestSellers(),
      repo.likedAmong(actor.userId, ids),
      repo.inUseAmong(actor.userId, ids, today()),
    ]);
    return rows.map((row) =>
      summary(
        row,
        best,
        flagged ? Number(row.liked) === 1 : liked.has(row.id),
        flagged ? Number(row.inUse) === 1 : inUse.has(row.id),
      ),
    );
  }

  function summary(
    row: ProductRow,
    best: Set<number>,
    liked: boolean,
    inUse: boolean,
  ): EdutechProductSummary {
    return {
      id: row.id,
      name: row.name,
      vendor: row.vendorId !== null && row.vendorName ? { id: row.vendorId, name: row.vendorName } : null,
      category: row.category as EdutechCategory,
      originalCategory: { major: row.categoryMajor, middle: row.categoryMiddle, minor: row.categoryMinor },
      levels: levelsOfProduct(row.levels),
      targetText: row.targetText,
      pricePolicy: row.pricePolicy,
      priceType: row.priceType as EdutechPriceType,
      description: row.description,
      siteUrl: row.siteUrl,
      serviceStatus: row.serviceStatus === 'ENDED' ? 'ENDED' : 'ACTIVE',
      logoUrl: imageUrl(row.logoKey),
      likeCount: Number(row.likeCount),
      inUseCount: Number(row.inUseCount ?? 0),
      badges: { bestSeller: best.has(row.id), steadySeller: isSteady(row.steadyCount) },
      liked,
      inUse,
    };
  }

  async function presentDetail(actor: Actor, row: ProductRow): Promise<EdutechProductDetail> {
    const [item] = await presentProducts(actor, [row]);
    if (!item) throw new AppError('E_NOT_FOUND');
    const usable = canUseEdutechProduct(actor, row);
    return {
      ...item,
      screenshotUrl: imageUrl(row.screenshotKey),
      reviewStatus: row.reviewStatus as EdutechProductDetail['reviewStatus'],
      reviewNote: isProductVendor(actor, row) || canReviewEdutechProduct(actor) ? row.reviewNote : null,
      createdAt: row.createdAt,
      approvedAt: row.approvedAt,
      abilities: { like: usable, register: usable && !item.inUse, edit: canEditEdutechProduct(actor, row) },
    };
  }

  /** The product if the actor may see it; otherwise "not found". */
  async function readable(actor: Actor, id: number): Promise<ProductRow> {
    const row = await repo.findProduct(id, viewerOf(actor));
    if (!row || !canReadEdutechProduct(actor, row)) throw new AppError('E_NOT_FOUND');
    return row;
  }

  // ---- licences ----

  async function presentLicences(rows: LicenceListRow[]): Promise<EdutechLicence[]> {
    const best = await bestSellers();
    const day = today();
    return rows.map((row) => ({
      id: row.id,
      productId: row.productId,
      name: row.name,
      siteUrl: row.siteUrl,
      logoUrl: imageUrl(row.logoKey),
      category: (row.category as EdutechCategory | null) ?? null,
      startOn: row.startOn,
      endOn: row.endOn,
      linked: row.productId !== null,
      daysLeft: daysLeft(row.endOn, day),
      state: isInUse(row.endOn, day) ? 'IN_USE' : 'EXPIRED',
      badges: {
        bestSeller: row.productId !== null && best.has(row.productId),
        steadySeller: row.productId !== null && isSteady(row.steadyCount),
      },
      createdAt: row.createdAt,
    }));
  }

  async function ownLicence(actor: Actor, id: number): Promise<EdutechLicenceRow> {
    const row = await repo.findLicence(id);
    if (!row || !canManageEdutechLicence(actor, row)) throw new AppError('E_NOT_FOUND');
    return row;
  }

  async function oneLicence(actor: Actor, id: number): Promise<EdutechLicence> {
    const rows = (await repo.licencesOf(actor.userId)).filter((row) => row.id === id);
    const [licence] = await presentLicences(rows);
    if (!licence) throw new AppError('E_NOT_FOUND');
    return licence;
  }

  // ---- recommendations ----

  type Profile = {
    level: SchoolLevel | null;
    grade: number | null;
    gradeSeq: number | null;
    subjects: string[];
    categories: EdutechCategory[];
    officeName: string | null;
    schoolId: number | null;
  };

  async function profileOf(actor: Actor): Promise<Profile> {
    const raw = await repo.teacherProfile(actor.userId);
    const grade = gradeOf(raw.gradeSeq);
    const categories = [
      ...new Set(raw.subjects.map(categoryOfSubject).filter((c): c is EdutechCategory => c !== null)),
    ];
    return {
      level: grade?.level ?? levelOfSeq(raw.schoolLevelSeq),
      grade: grade?.grade ?? null,
      gradeSeq: raw.gradeSeq,
      subjects: raw.subjects,
      categories,
      officeName: raw.officeName,
      schoolId: raw.schoolId,
    };
  }

  async function ranked(
    actor: Actor,
    counts: ProductCounts,
    size: number,
    reason: (count: number) => RecommendedProduct['reason'],
    exclude: Set<number> = new Set(),
  ): Promise<RecommendedProduct[]> {
    // A few more than asked: some may be withdrawn, ended or already the teacher's.
    const top = [...counts]
      .filter(([id]) => !exclude.has(id))
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, size * 2 + 10);
    const rows = new Map(
      (
        await repo.productsByIds(
          top.map(([id]) => id),
          viewerOf(actor),
        )
      )
        .filter((row) => row.reviewStatus === 'APPROVED' && row.serviceStatus === 'ACTIVE')
        .map((row) => [row.id, row]),
    );
    const kept = top.filter(([id]) => rows.has(id)).slice(0, size);
    const products = await presentProducts(
      actor,
      kept.map(([id]) => rows.get(id) as ProductRow),
    );
    return products.map((product, i) => ({ rank: i + 1, product, reason: reason(kept[i]?.[1] ?? 0) }));
  }

  async function fitList(actor: Actor, profileRead: Promise<Profile>, size: number) {
    const viewer = viewerOf(actor);
    // The pool is read beside the profile, for the level the query finds; read again in the
    // unlikely case that is not the level the profile says (the teacher's row changed between).
    const [profile, first] = await Promise.all([profileRead, repo.candidates(200, viewer)]);
    const pool =
      first.length && levelOfSeq(first[0]?.levelSeq ?? null) === profile.level
        ? first
        : await repo.candidates(200, viewer, profile.level ? LEVEL_SEQ[profile.level] : null);

    const weight = (category: string) => {
      const at = profile.categories.indexOf(category as EdutechCategory);
      return at < 0 ? 0 : 10 - at * 2;
    };
    // The teacher's own products in use are not recommended to them.
    const scored = pool
      .filter((row) => Number(row.inUse) !== 1)
      .map((row) => ({
        row,
        score:
          weight(row.category) +
          (row.priceType === 'FREE' ? 2 : row.priceType === 'PARTLY_PAID' ? 1 : 0) +
          // A level the product names first (초 before 중, 고) fits that level best.
          (profile.level && levelsOfProduct(row.levels)[0] === profile.level ? 1 : 0) +
          Math.log2(1 + Number(row.inUseCount ?? 0)) +
          Math.log2(1 + Number(row.likeCount)) / 2,
      }))
      .sort((a, b) => b.score - a.score || a.row.id - b.row.id)
      .slice(0, size);
    // The few shown are read whole, with the viewer's flags.
    const shown = new Map(
      (
        await repo.productsByIds(
          scored.map((entry) => entry.row.id),
          viewer,
        )
      ).map((row) => [row.id, row]),
    );
    const rows = scored.flatMap((entry) => shown.get(entry.row.id) ?? []);
    const products = await presentProducts(actor, rows);
    return products.map((product, i) => {
      const row = rows[i] as ProductRow;
      const category = profile.categories.includes(row.category as EdutechCategory)
        ? (row.category as EdutechCategory)
        : null;
      return {
        rank: i + 1,
        product,
        reason: {
          kind: 'FIT' as const,
          values: {
            level: profile.level ?? '',
            grade: profile.grade ?? 0,
            category: category ?? '',
            priceType: row.priceType,
          },
          text: fitReasonKo({
            level: profile.level,
            grade: profile.grade,
            category,
            priceType: row.priceType,
          }),
        },
      };
    });
  }

  async function similarList(actor: Actor, profileRead: Promise<Profile>, size: number) {
    const viewer = viewerOf(actor);
    // The counts are of every teacher of the grade; the teacher's own in-use products are left out.
    // Read beside the profile: the query takes the teacher's grade itself.
    const [profile, rows] = await Promise.all([
      profileRead,
      ensureCounted().then(() => repo.topByViewerGrade(viewer, size)),
    ]);
    if (!profile.gradeSeq) return [];
    const who = audienceKo(profile.level, profile.grade);
    return presentRanked(actor, rows, (count) => ({
      kind: 'SIMILAR',
      values: { count, level: profile.level ?? '', grade: profile.grade ?? 0 },
      text: `같은 ${who} 선생님 ${count}명이 쓰고 있습니다.`,
    }));
  }

  /** Ranked product rows (with their counts) as the recommendation lists show them. */
  async function presentRanked(
    actor: Actor,
    rows: RankedRow[],
    reason: (count: number) => RecommendedProduct['reason'],
  ): Promise<RecommendedProduct[]> {
    const products = await presentProducts(actor, rows);
    return products.map((product, i) => ({ rank: i + 1, product, reason: reason(Number(rows[i]?.n ?? 0)) }));
  }

  async function newList(actor: Actor, size: number) {
    const rows = await repo.newestProducts(size, viewerOf(actor));
    const products = await presentProducts(actor, rows);
    return products.map((product, i) => {
      const date = (rows[i]?.approvedAt ?? rows[i]?.createdAt ?? '').slice(0, 10);
      return {
        rank: i + 1,
        product,
        reason: { kind: 'NEW' as const, values: { date }, text: newInCatalogueText(date) },
      };
    });
  }

  async function teacherInUse(actor: Actor): Promise<Set<number>> {
    const day = today();
    return new Set(
      (await repo.licencesOf(actor.userId))
        .filter((row) => row.productId !== null && isInUse(row.endOn, day))
        .map((row) => row.productId as number),
    );
  }

  // ---- vendors ----

  const nameKey = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, '');

  async function ownVendor(actor: Actor): Promise<EdutechVendorRow> {
    const vendor = await repo.vendorOfOwner(actor.userId);
    if (!vendor) throw new AppError('E_NOT_FOUND_003');
    return vendor;
  }

  async function presentVendor(actor: Actor, vendor: EdutechVendorRow, all: boolean): Promise<EdutechVendor> {
    const rows = await repo.productsOfVendor(vendor.id, !all, viewerOf(actor));
    return {
      id: vendor.id,
      name: vendor.name,
      homepage: vendor.homepage,
      description: vendor.description,
      contactEmail: vendor.contactEmail,
      createdAt: vendor.createdAt,
      products: await presentProducts(actor, rows),
    };
  }

  /** A vendor's own product: 404 when it is not theirs to see, 403 when it is withdrawn. */
  async function editable(actor: Actor, id: number): Promise<ProductRow> {
    const row = await repo.findProduct(id);
    if (!row || !isProductVendor(actor, row)) throw new AppError('E_NOT_FOUND');
    if (!canEditEdutechProduct(actor, row)) throw new AppError('E_FORBIDDEN');
    return row;
  }

  /** Catalogue products for the assistant: matches of a question's words, filtered as asked. */
  async function assistantSearch(
    actor: Actor,
    query: { keyword?: string; category?: EdutechCategory; level?: SchoolLevel; free?: boolean },
    size = 5,
  ): Promise<EdutechProductSummary[]> {
    const terms = keywordTerms(query.keyword ?? '').map((term) => term.text);
    const { rows } = await repo.listProducts(
      { terms, category: query.category, level: query.level, priceType: query.free ? 'FREE' : undefined },
      0,
      size,
      viewerOf(actor),
    );
    return presentProducts(
      actor,
      rows.filter((row) => row.serviceStatus === 'ACTIVE'),
    );
  }

  /** A catalogue page: search, category and level filters, with the viewer's badges. */
  async function listProducts(actor: Actor, query: EdutechListQuery): Promise<EdutechProductPage> {
    if (!canBrowseEdutech(actor)) throw new AppError('E_FORBIDDEN');
    const terms = keywordTerms(query.keyword ?? '').map((term) => term.text);
    const { rows, total } = await repo.listProducts(
      {
        terms,
        category: query.category === 'ALL' ? undefined : query.category,
        level: query.level,
        priceType: query.priceType,
      },
      query.page,
      query.size,
      viewerOf(actor),
    );
    return { items: await presentProducts(actor, rows), total, page: query.page, size: query.size };
  }

  return {
    /** Counts every product again for today (the periodic job, and a new day's first read). */
    refreshCounts: ensureCounted,
    recountAll,

    listProducts,

    async getProduct(actor: Actor, id: number): Promise<EdutechProductDetail> {
      return presentDetail(actor, await readable(actor, id));
    },

    async setLike(actor: Actor, id: number, liked: boolean): Promise<EdutechProductDetail> {
      const row = await readable(actor, id);
      if (!canUseEdutechProduct(actor, row)) throw new AppError('E_FORBIDDEN');
      await repo.setLike(id, actor.userId, liked, now().toISOString());
      return presentDetail(actor, (await repo.findProduct(id, viewerOf(actor))) as ProductRow);
    },

    async image(file: string): Promise<{ bytes: Buffer; type: string }> {
      if (!/^[0-9a-f-]{36}\.(png|jpeg|gif|webp)$/.test(file)) throw new AppError('E_NOT_FOUND');
      const type = IMAGE_KINDS.get(file.split('.').pop() ?? '') ?? 'application/octet-stream';
      try {
        return { bytes: await deps.storage.get(`edutech/${file}`), type };
      } catch {
        throw new AppError('E_NOT_FOUND');
      }
    },

    // ---- licences in use ----

    async myLicences(actor: Actor, tab: 'IN_USE' | 'USED_BEFORE'): Promise<EdutechLicenceList> {
      const all = await presentLicences(await repo.licencesOf(actor.userId));
      const inUse = all.filter((licence) => licence.state === 'IN_USE');
      const usedBefore = all
        .filter((licence) => licence.state === 'EXPIRED')
        .sort((a, b) => (b.endOn ?? '').localeCompare(a.endOn ?? ''));
      return {
        items: tab === 'IN_USE' ? inUse : usedBefore,
        counts: { inUse: inUse.length, usedBefore: usedBefore.length },
      };
    },

    async nearestEnd(actor: Actor): Promise<EdutechLicence | null> {
      const all = await presentLicences(await repo.licencesOf(actor.userId));
      return (
        all
          .filter((licence) => licence.state === 'IN_USE' && licence.daysLeft !== null)
          .sort((a, b) => (a.daysLeft ?? 0) - (b.daysLeft ?? 0) || a.id - b.id)[0] ?? null
      );
    },

    async checkValidity(actor: Actor, productId: number) {
      await readable(actor, productId);
      const licence = await repo.currentLicence(actor.userId, productId, today());
      return {
        productId,
        valid: Boolean(licence),
        licenceId: licence?.id ?? null,
        endOn: licence?.endOn ?? null,
        daysLeft: licence ? daysLeft(licence.endOn, today()) : null,
      };
    },

    async unlinked(actor: Actor): Promise<EdutechUnlinked[]> {
      const profile = await repo.teacherProfile(actor.userId);
      if (!profile.schoolId) return [];
      const counts = await repo.schoolCounts(profile.schoolId, actor.userId, today());
      const mine = await teacherInUse(actor);
      const list = await ranked(
        actor,
        counts,
        20,
        (count) => ({ kind: 'ORDERS', values: { count }, text: '' }),
        mine,
      );
      return list.map((entry) => ({ product: entry.product, colleagues: counts.get(entry.product.id) ?? 0 }));
    },

    async registerLicence(actor: Actor, input: EdutechLicenceInput): Promise<EdutechLicence> {
      const profile = await repo.teacherProfile(actor.userId);
      let name = input.name ?? '';
      let siteUrl = input.siteUrl ?? null;
      if (input.productId !== undefined) {
        const product = await readable(actor, input.productId);
        if (!canUseEdutechProduct(actor, product)) throw new AppError('E_FORBIDDEN');
        if (await repo.currentLicence(actor.userId, product.id, today()))
          throw new AppError('E_ALREADY_IN_USE');
        name = product.name;
        siteUrl = product.siteUrl;
      }
      const stamp = now().toISOString();
      const id = await repo.insertLicence({
        userId: actor.userId,
        productId: input.productId ?? null,
        schoolId: profile.schoolId,
        officeName: profile.officeName,
        gradeSeq: profile.gradeSeq,
        name,
        siteUrl,
        startOn: input.startOn,
        endOn: input.endOn ?? null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      await recountProduct(input.productId ?? null);
      return oneLicence(actor, id);
    },

    async updateLicence(actor: Actor, id: number, input: EdutechLicenceUpdate): Promise<EdutechLicence> {
      const row = await ownLicence(actor, id);
      const startOn = input.startOn ?? row.startOn;
      const endOn = input.endOn === undefined ? row.endOn : input.endOn;
      if (endOn && endOn < startOn) {
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'endOn', message: '종료일은 시작일보다 빠를 수 없습니다.' }],
        });
      }
      // A linked licence keeps the catalogue's name and site; a hand-registered one may change them.
      const manual = row.productId === null;
      await repo.updateLicence(id, {
        startOn,
        endOn,
        ...(manual && input.name !== undefined ? { name: input.name } : {}),
        ...(manual && input.siteUrl !== undefined ? { siteUrl: input.siteUrl } : {}),
        updatedAt: now().toISOString(),
      });
      await recountProduct(row.productId);
      return oneLicence(actor, id);
    },

    async deleteLicence(actor: Actor, id: number): Promise<void> {
      const row = await ownLicence(actor, id);
      await repo.deleteLicence(id);
      await recountProduct(row.productId);
    },

    // ---- recommendations ----

    async orderRanking(actor: Actor, size: number) {
      await ensureCounted();
      return presentRanked(actor, await repo.topByOrders(size, viewerOf(actor)), (count) => ({
        kind: 'ORDERS',
        values: { count },
        text: `선생님 ${count}명이 등록했습니다.`,
      }));
    },

    async officeRanking(actor: Actor, size: number) {
      const place = await repo.teacherPlace(actor.userId);
      if (!place.officeName) return [];
      const office = place.officeName;
      await ensureCounted();
      return presentRanked(actor, await repo.topByOffice(office, size, viewerOf(actor)), (count) => ({
        kind: 'OFFICE',
        values: { office, count },
        text: `${office} 선생님 ${count}명이 등록했습니다.`,
      }));
    },

    async newGoods(actor: Actor, size: number) {
      return newList(actor, size);
    },

    async popularGoods(actor: Actor, size: number): Promise<RecommendedProduct[]> {
      const rows = await repo.mostLiked(size, viewerOf(actor));
      const products = await presentProducts(actor, rows);
      return products.map((product, i) => ({
        rank: i + 1,
        product,
        reason: {
          kind: 'LIKES',
          values: { count: product.likeCount },
          text: `좋아요 ${product.likeCount}개를 받았습니다.`,
        },
      }));
    },

    async strip(actor: Actor, size: number): Promise<RecommendationStrip> {
      // The teacher's profile and the three lists at once: each list's query reads the teacher's
      // level or grade, likes and products in use itself (the AI list then reads the few it shows).
      const profileRead = profileOf(actor);
      const [profile, aiRecommended, similarTeachers, newGoods] = await Promise.all([
        profileRead,
        fitList(actor, profileRead, size),
        similarList(actor, profileRead, size),
        newList(actor, size),
      ]);
      return {
        profile: {
          level: profile.level,
          grade: profile.grade,
          subjects: profile.subjects,
          categories: profile.categories,
        },
        aiRecommended,
        similarTeachers,
        newGoods,
        reasonSource: 'RULES',
      };
    },

    /**
     * The assistant's catalogue lookup for a teacher's question: the subject, level and "free" it
     * names, or a product name. Only catalogue products come back, each with its page and site.
     */
    async forQuestion(actor: Actor, question: string, size = 5): Promise<AssistantProduct[]> {
      const asked = parseEdutechQuestion(question);
      if (!asked.category && !asked.keyword) return [];
      const products = await assistantSearch(
        actor,
        {
          ...(asked.keyword ? { keyword: asked.keyword } : {}),
          ...(asked.category ? { category: asked.category } : {}),
          ...(asked.level ? { level: asked.level } : {}),
          free: asked.free,
        },
        size,
      );
      return products.map(toAssistantProduct);
    },

    searchForAssistant: assistantSearch,

    /**
     * The AI host's edutech_search: the words as a catalogue keyword — the EduTech page's search,
     * ranking and visibility, so both list the same products for a term. A question that names no
     * product ("초등 수학 무료 도구") is then read for its subject, level and "free", as in chat.
     */
    async searchCatalogue(actor: Actor, query: string, size: number): Promise<EdutechProductSummary[]> {
      const keyword = query.trim().slice(0, 50);
      const page = await listProducts(actor, { keyword, category: 'ALL', page: 0, size });
      if (page.items.length) return page.items;
      const asked = parseEdutechQuestion(query);
      if (!asked.category && !asked.keyword) return [];
      return assistantSearch(
        actor,
        {
          ...(asked.keyword ? { keyword: asked.keyword } : {}),
          ...(asked.category ? { category: asked.category } : {}),
          ...(asked.level ? { level: asked.level } : {}),
          free: asked.free,
        },
        size,
      );
    },

    // ---- vendors ----

    async myVendor(actor: Actor): Promise<EdutechVendor> {
      return presentVendor(actor, await ownVendor(actor), true);
    },

    async getVendor(actor: Actor, id: number): Promise<EdutechVendor> {
      if (!canBrowseEdutech(actor)) throw new AppError('E_FORBIDDEN');
      const vendor = await repo.findVendor(id);
      if (!vendor) throw new AppError('E_NOT_FOUND_003');
      return presentVendor(actor, vendor, vendor.ownerId === actor.userId);
    },

    async registerVendor(actor: Actor, input: EdutechVendorInput): Promise<EdutechVendor> {
      const key = nameKey(input.name);
      if ((await repo.vendorOfOwner(actor.userId)) || (await repo.vendorByNameKey(key))) {
        throw new AppError('E_CONFLICT_003');
      }
      const stamp = now().toISOString();
      try {
        await repo.insertVendor({
          ownerId: actor.userId,
          name: input.name,
          nameKey: key,
          homepage: input.homepage ?? null,
          description: input.description,
          contactEmail: input.contactEmail ?? null,
          createdAt: stamp,
          updatedAt: stamp,
        });
      } catch (error) {
        // Two registrations of one name at once: the unique key lets only one in.
        if (await repo.vendorByNameKey(key)) throw new AppError('E_CONFLICT_003');
        throw error;
      }
      return presentVendor(actor, await ownVendor(actor), true);
    },

    async updateVendor(actor: Actor, input: Partial<EdutechVendorInput>): Promise<EdutechVendor> {
      const vendor = await ownVendor(actor);
      const changes: Record<string, unknown> = { updatedAt: now().toISOString() };
      if (input.name !== undefined && input.name !== vendor.name) {
        const key = nameKey(input.name);
        const holder = await repo.vendorByNameKey(key);
        if (holder && holder.id !== vendor.id) throw new AppError('E_CONFLICT_003');
        changes.name = input.name;
        changes.nameKey = key;
      }
      if (input.homepage !== undefined) changes.homepage = input.homepage;
      if (input.description !== undefined) changes.description = input.description;
      if (input.contactEmail !== undefined) changes.contactEmail = input.contactEmail;
      const newName = (changes.name as string | undefined) ?? vendor.name;
      await repo.updateVendor(vendor.id, changes, (productName) => productSearchText(productName, newName));
      return presentVendor(actor, await ownVendor(actor), true);
    },

    async createProduct(actor: Actor, input: EdutechVendorProductInput): Promise<EdutechProductDetail> {
      const vendor = await ownVendor(actor);
      const stamp = now().toISOString();
      const id = await repo.insertProduct({
        sourceKey: null,
        vendorId: vendor.id,
        name: input.name,
        searchText: productSearchText(input.name, vendor.name),
        category: input.category,
        categoryMajor: null,
        categoryMiddle: null,
        categoryMinor: null,
        ...levelColumns(input.levels as EdutechLevel[]),
        targetText: null,
        pricePolicy: input.pricePolicy,
        priceType: input.priceType,
        description: input.description,
        siteUrl: input.siteUrl,
        serviceStatus: 'ACTIVE',
        reviewStatus: 'PENDING',
        reviewNote: null,
        logoKey: null,
        screenshotKey: null,
        createdBy: actor.userId,
        createdAt: stamp,
        updatedAt: stamp,
        approvedAt: null,
      });
      return presentDetail(actor, (await repo.findProduct(id, viewerOf(actor))) as ProductRow);
    },

    async updateProduct(
      actor: Actor,
      id: number,
      input: EdutechVendorProductUpdate,
    ): Promise<EdutechProductDetail> {
      const row = await editable(actor, id);
      const changes: Record<string, unknown> = { updatedAt: now().toISOString() };
      for (const key of [
        'category',
        'pricePolicy',
        'priceType',
        'description',
        'siteUrl',
        'serviceStatus',
      ] as const) {
        if (input[key] !== undefined) changes[key] = input[key];
      }
      if (input.name !== undefined) {
        changes.name = input.name;
        changes.searchText = productSearchText(input.name, row.vendorName);
      }
      if (input.levels !== undefined) Object.assign(changes, levelColumns(input.levels as EdutechLevel[]));
      // A rejected product goes back for review once it is changed.
      if (row.reviewStatus === 'REJECTED') changes.reviewStatus = 'PENDING';
      await repo.updateProduct(id, changes);
      return presentDetail(actor, (await repo.findProduct(id, viewerOf(actor))) as ProductRow);
    },

    async withdrawProduct(actor: Actor, id: number): Promise<EdutechProductDetail> {
      await editable(actor, id);
      // The rankings read the status with the counts, so a withdrawn product leaves them at once.
      await repo.updateProduct(id, { reviewStatus: 'WITHDRAWN', updatedAt: now().toISOString() });
      return presentDetail(actor, (await repo.findProduct(id, viewerOf(actor))) as ProductRow);
    },

    async uploadImage(
      actor: Actor,
      id: number,
      kind: 'logo' | 'screenshot',
      bytes: Buffer,
    ): Promise<EdutechProductDetail> {
      const row = await editable(actor, id);
      const sniffed = sniffFileType(bytes);
      const type = IMAGE_KINDS.get(sniffed.kind);
      if (!type) throw new AppError('E_UNSUPPORTED_MEDIA_TYPE');
      const key = `edutech/${randomUUID()}.${sniffed.kind}`;
      await deps.storage.put(key, bytes);
      const previous = kind === 'logo' ? row.logoKey : row.screenshotKey;
      await repo.updateProduct(id, {
        ...(kind === 'logo' ? { logoKey: key } : { screenshotKey: key }),
        updatedAt: now().toISOString(),
      });
      if (previous) await deps.storage.delete(previous);
      return presentDetail(actor, (await repo.findProduct(id, viewerOf(actor))) as ProductRow);
    },

    async pendingProducts(actor: Actor): Promise<EdutechProductDetail[]> {
      if (!canReviewEdutechProduct(actor)) throw new AppError('E_FORBIDDEN');
      const rows = await repo.pendingProducts();
      return Promise.all(rows.map((row) => presentDetail(actor, row)));
    },

    async reviewProduct(
      actor: Actor,
      id: number,
      decision: EdutechReviewDecision,
    ): Promise<EdutechProductDetail> {
      if (!canReviewEdutechProduct(actor)) throw new AppError('E_FORBIDDEN');
      const row = await repo.findProduct(id);
      if (!row) throw new AppError('E_NOT_FOUND');
      if (row.reviewStatus !== 'PENDING') throw new AppError('E_ALREADY_DECIDED');
      const stamp = now().toISOString();
      await repo.updateProduct(id, {
        reviewStatus: decision.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
        reviewNote: decision.note ?? null,
        approvedAt: decision.decision === 'APPROVE' ? stamp : null,
        updatedAt: stamp,
      });
      return presentDetail(actor, (await repo.findProduct(id, viewerOf(actor))) as ProductRow);
    },
  };
}

export type EdutechService = ReturnType<typeof createEdutechService>;
export { CATEGORY_LABEL_KO };
