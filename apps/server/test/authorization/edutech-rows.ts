import { type MatrixPersona, type MatrixWorld, PERSONAS, PNG } from './matrix-world.ts';
import type { Expect, Request, RouteRow } from './route-matrix.ts';

/**
 * Rows of the edutech catalogue, licences in use, recommendations and vendors. The provider runs a
 * company with one approved product (in the catalogue) and one waiting for approval; the owner
 * has the approved one in use. Teachers (and administrators) browse, like and register; providers
 * browse and keep their own listings; the super administrator reviews; students have no part.
 */
const all = (status: number): Expect =>
  Object.fromEntries(PERSONAS.map((persona) => [persona, status])) as Expect;
const who = (base: Expect, overrides: Partial<Expect>): Expect => ({ ...base, ...overrides });
/** Everyone who browses the catalogue: teachers, administrators, providers. */
const browsers = (status: number) => who(all(status), { anonymous: 401, student: 403 });
/** Teachers and administrators (any school), not students, providers or anonymous callers. */
const teachers = (status: number) => who(browsers(status), { provider: 403 });
/** The owner's own licence: no one else sees it. */
const ownerOnly = (status: number) => who(teachers(404), { owner: status });
/** The provider's own company and products. */
const providerOnly = (status: number) => who(all(403), { anonymous: 401, provider: status });
const superAdminOnly = (status: number) => who(all(403), { anonymous: 401, superAdmin: status });

type Fixture = { vendorId: number; approvedId: number; pendingId: number; licenceId: number; logo: string };
const fixtures = new WeakMap<MatrixWorld, Promise<Fixture>>();
let sequence = 0;

async function as<T>(
  w: MatrixWorld,
  persona: MatrixPersona,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { ...(await w.headersFor(persona)) };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const res = await fetch(`${w.origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const productInput = (name: string) => ({
  name,
  category: 'MATH',
  levels: ['ELEMENTARY'],
  pricePolicy: '무료',
  priceType: 'FREE',
  description: '분수 막대로 분수의 크기를 비교합니다.',
  siteUrl: 'https://fraction.example.com/',
});

async function newProduct(w: MatrixWorld): Promise<number> {
  sequence += 1;
  return (
    await as<{ id: number }>(
      w,
      'provider',
      'POST',
      '/api/v1/edutech/vendor/goods',
      productInput(`분수 막대 ${sequence}`),
    )
  ).id;
}

async function newLicence(w: MatrixWorld): Promise<number> {
  sequence += 1;
  return (
    await as<{ id: number }>(w, 'owner', 'POST', '/api/v1/edutech/user-license', {
      name: `학교 구독 도구 ${sequence}`,
      startOn: '2026-03-02',
      endOn: '2027-02-28',
    })
  ).id;
}

function fixture(w: MatrixWorld): Promise<Fixture> {
  let made = fixtures.get(w);
  if (!made) {
    made = (async () => {
      const vendor = await as<{ id: number }>(w, 'provider', 'POST', '/api/v1/edutech/vendor', {
        name: '분수나라',
        description: '초등 수학 교구를 만듭니다.',
      });
      const approvedId = await newProduct(w);
      await as(w, 'superAdmin', 'PUT', `/api/v1/edutech/review/${approvedId}`, { decision: 'APPROVE' });
      const pendingId = await newProduct(w);
      const image = new FormData();
      image.append('image', new Blob([PNG]), 'logo.png');
      const withLogo = await as<{ logoUrl: string }>(
        w,
        'provider',
        'POST',
        `/api/v1/edutech/vendor/goods/${approvedId}/images/logo`,
        image,
      );
      const licence = await as<{ id: number }>(w, 'owner', 'POST', '/api/v1/edutech/user-license', {
        productId: approvedId,
        startOn: '2026-03-02',
        endOn: null,
      });
      return { vendorId: vendor.id, approvedId, pendingId, licenceId: licence.id, logo: withLogo.logoUrl };
    })();
    fixtures.set(w, made);
  }
  return made;
}

const at =
  (
    path: (f: Fixture, w: MatrixWorld) => string | Promise<string>,
    body?: unknown | ((f: Fixture) => unknown),
  ) =>
  async (w: MatrixWorld): Promise<Request> => {
    const f = await fixture(w);
    return {
      url: await path(f, w),
      ...(body === undefined
        ? {}
        : { body: typeof body === 'function' ? (body as (f: Fixture) => unknown)(f) : body }),
    };
  };
const logoForm = () => {
  const form = new FormData();
  form.append('image', new Blob([PNG]), 'logo.png');
  return form;
};

export const EDUTECH_ROWS: RouteRow[] = [
  // issue 17: the edutech catalogue, licences in use, recommendations and vendors
  {
    route: 'GET /api/v1/edutech/goods',
    cases: [{ request: at(() => '/api/v1/edutech/goods?keyword=%EB%B6%84%EC%88%98'), expect: browsers(200) }],
  },
  {
    route: 'GET /api/v1/edutech/goods/:id',
    cases: [
      {
        label: 'approved',
        request: at((f) => `/api/v1/edutech/goods/${f.approvedId}`),
        expect: browsers(200),
      },
      {
        label: 'waiting for approval: its vendor and the super administrator',
        request: at((f) => `/api/v1/edutech/goods/${f.pendingId}`),
        expect: who(browsers(404), { provider: 200, superAdmin: 200 }),
      },
    ],
  },
  ...(['POST', 'DELETE'] as const).map((method) => ({
    route: `${method} /api/v1/edutech/goods/:id/like`,
    cases: [
      {
        label: 'approved',
        request: at((f) => `/api/v1/edutech/goods/${f.approvedId}/like`),
        expect: teachers(200),
      },
      {
        label: 'waiting for approval',
        request: at((f) => `/api/v1/edutech/goods/${f.pendingId}/like`),
        expect: who(teachers(404), { superAdmin: 403 }),
      },
    ],
  })),
  {
    route: 'GET /api/v1/edutech/images/:file',
    cases: [
      { label: 'a logo', request: at((f) => f.logo), expect: all(200) },
      {
        label: 'no such picture',
        request: at(() => '/api/v1/edutech/images/00000000-0000-0000-0000-000000000000.png'),
        expect: all(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/edutech/vendors/:id',
    cases: [
      {
        label: 'a company',
        request: at((f) => `/api/v1/edutech/vendors/${f.vendorId}`),
        expect: browsers(200),
      },
      {
        label: 'an unknown company',
        request: at(() => '/api/v1/edutech/vendors/999999'),
        expect: browsers(404),
      },
    ],
  },
  ...['my-list', 'my/nearest-end', 'unlinked'].map((path) => ({
    route: `GET /api/v1/edutech/user-license/${path}`,
    cases: [{ request: at(() => `/api/v1/edutech/user-license/${path}`), expect: teachers(200) }],
  })),
  {
    route: 'GET /api/v1/edutech/user-license/check-validity',
    cases: [
      {
        request: at((f) => `/api/v1/edutech/user-license/check-validity?productId=${f.approvedId}`),
        expect: teachers(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/edutech/user-license',
    cases: [
      {
        label: 'registered by hand',
        request: at(() => '/api/v1/edutech/user-license', { name: '학급 보상 앱', startOn: '2026-03-02' }),
        expect: teachers(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/edutech/user-license/:id',
    cases: [
      {
        request: at((f) => `/api/v1/edutech/user-license/${f.licenceId}`, { endOn: '2027-02-28' }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/edutech/user-license/:id',
    cases: [
      {
        request: at(async (_f, w) => `/api/v1/edutech/user-license/${await newLicence(w)}`),
        expect: ownerOnly(200),
      },
    ],
  },
  ...['order-ranking', 'education-office-ranking', 'new-goods', 'popular-goods', 'goods/list'].map(
    (path) => ({
      route: `GET /api/v1/recommendation/${path}`,
      cases: [{ request: at(() => `/api/v1/recommendation/${path}`), expect: teachers(200) }],
    }),
  ),
  {
    route: 'GET /api/v1/edutech/vendor/me',
    cases: [{ request: at(() => '/api/v1/edutech/vendor/me'), expect: providerOnly(200) }],
  },
  {
    route: 'POST /api/v1/edutech/vendor',
    cases: [
      {
        label: 'a second company for the same provider',
        request: at(() => '/api/v1/edutech/vendor', { name: '분수나라 2', description: '또 하나의 회사' }),
        expect: providerOnly(409),
      },
    ],
  },
  {
    route: 'PUT /api/v1/edutech/vendor/me',
    cases: [
      {
        request: at(() => '/api/v1/edutech/vendor/me', { description: '초등 수학 교구와 앱을 만듭니다.' }),
        expect: providerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/edutech/vendor/goods',
    cases: [
      {
        request: at(() => '/api/v1/edutech/vendor/goods', productInput('곱셈 구구 놀이')),
        expect: providerOnly(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/edutech/vendor/goods/:id',
    cases: [
      {
        request: at((f) => `/api/v1/edutech/vendor/goods/${f.pendingId}`, { pricePolicy: '학교 단위 무료' }),
        expect: providerOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/edutech/vendor/goods/:id',
    cases: [
      {
        request: at(async (_f, w) => `/api/v1/edutech/vendor/goods/${await newProduct(w)}`),
        expect: providerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/edutech/vendor/goods/:id/images/:kind',
    cases: [
      {
        request: at(
          (f) => `/api/v1/edutech/vendor/goods/${f.pendingId}/images/screenshot`,
          () => logoForm(),
        ),
        expect: providerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/edutech/review',
    cases: [{ request: at(() => '/api/v1/edutech/review'), expect: superAdminOnly(200) }],
  },
  {
    route: 'PUT /api/v1/edutech/review/:id',
    cases: [
      {
        request: at(async (_f, w) => `/api/v1/edutech/review/${await newProduct(w)}`, {
          decision: 'APPROVE',
        }),
        expect: superAdminOnly(200),
      },
    ],
  },
];
