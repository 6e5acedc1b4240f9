import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { type MatrixWorld, PERSONAS } from './matrix-world.ts';
import type { Expect, RouteRow } from './route-matrix.ts';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/**
 * Rows of the partner products (the super administrator's) and of the partner sign-in by token
 * exchange, which a partner's server calls without a Ssaem session: whoever sends a valid
 * assertion of an enabled product gets a token for the user it names, and a bearer token beside
 * it changes nothing.
 */
const all = (status: number): Expect =>
  Object.fromEntries(PERSONAS.map((persona) => [persona, status])) as Expect;
const who = (base: Expect, overrides: Partial<Expect>): Expect => ({ ...base, ...overrides });
const superAdminOnly = (status: number) => who(all(403), { anonymous: 401, superAdmin: status });

type Fixture = { id: number; productKey: string; clientId: string; key: SigningKey };
const fixtures = new WeakMap<MatrixWorld, Promise<Fixture>>();
let sequence = 0;

async function productBody() {
  sequence += 1;
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    body: {
      productKey: `matrix-partner-${sequence}`,
      name: `행렬 파트너 ${sequence}`,
      clientId: `matrix-client-${sequence}-${randomUUID().slice(0, 8)}`,
      redirectUris: ['https://partner.example/return'],
      allowedRoles: ['ROLE_TEACHER'],
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: `k${sequence}`, alg: 'ES256' }] },
    },
    key: privateKey,
  };
}

/** One product registered by the super administrator, for the rows that read, change or use one. */
function fixture(w: MatrixWorld): Promise<Fixture> {
  let made = fixtures.get(w);
  if (!made) {
    made = (async () => {
      const { body, key } = await productBody();
      const res = await fetch(`${w.origin}/api/v1/partner-products`, {
        method: 'POST',
        headers: { ...(await w.headersFor('superAdmin')), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`partner product: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      return { id, productKey: body.productKey, clientId: body.clientId, key };
    })();
    fixtures.set(w, made);
  }
  return made;
}

async function assertionFor(w: MatrixWorld, product: Fixture): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(product.clientId)
    .setAudience(`${w.origin}`)
    .setSubject(w.users.owner?.username ?? '')
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .setJti(randomUUID())
    .sign(product.key);
}

export const PARTNER_ROWS: RouteRow[] = [
  {
    route: 'GET /api/v1/partner-products',
    cases: [{ request: () => ({ url: '/api/v1/partner-products' }), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/partner-products',
    cases: [
      {
        request: async () => ({ url: '/api/v1/partner-products', body: (await productBody()).body }),
        expect: superAdminOnly(201),
      },
    ],
  },
  {
    route: 'GET /api/v1/partner-products/:id',
    cases: [
      {
        request: async (w) => ({ url: `/api/v1/partner-products/${(await fixture(w)).id}` }),
        expect: superAdminOnly(200),
      },
      {
        label: 'no such product',
        request: () => ({ url: '/api/v1/partner-products/999999' }),
        expect: superAdminOnly(404),
      },
    ],
  },
  {
    route: 'PUT /api/v1/partner-products/:id',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/partner-products/${(await fixture(w)).id}`,
          body: { name: '행렬 파트너 (고침)' },
        }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/partner-products/:id/enabled',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/partner-products/${(await fixture(w)).id}/enabled`,
          body: { enabled: true },
        }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/auth/:product-login',
    cases: [
      {
        label: 'a valid assertion for the owner',
        request: async (w) => {
          const product = await fixture(w);
          return {
            url: `/api/auth/${product.productKey}-login`,
            body: {
              grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
              subject_token: await assertionFor(w, product),
              subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
            },
          };
        },
        expect: all(200),
      },
      {
        label: 'no such product',
        request: () => ({
          url: '/api/auth/no-such-partner-login',
          body: { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange' },
        }),
        expect: all(404),
      },
    ],
  },
];
