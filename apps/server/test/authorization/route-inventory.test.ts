import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../build-test-app.ts';
import { buildListeningApp } from '../listening-app.ts';
import { buildMatrixWorld, type MatrixPersona, type MatrixWorld, PERSONAS } from './matrix-world.ts';
import { type Case, ROUTE_MATRIX } from './route-matrix.ts';

/**
 * Every route the server registers has its rows in the authorization matrix, and every row holds:
 * each of the ten personas gets exactly the status the matrix says. Runs on SQLite, and on
 * PostgreSQL in CI like every server test.
 */
const registered = new Set<string>();
let t: TestApp & { origin: string };
let world: MatrixWorld;

beforeAll(async () => {
  t = await buildListeningApp(
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
      },
    },
  );
  world = await buildMatrixWorld(t);
}, 120_000);
afterAll(() => t?.close());

async function statusOf(persona: MatrixPersona, method: string, testCase: Case): Promise<number> {
  const { url, body } = await testCase.request(world, persona);
  const headers: Record<string, string> = { ...(await world.headersFor(persona)), 'accept-language': 'ko' };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.origin}${url}`, {
    method,
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('the route inventory', () => {
  it('has rows in the authorization matrix for every registered route, and none for routes that are gone', () => {
    const described = new Set(ROUTE_MATRIX.map((row) => row.route));
    expect([...registered].filter((route) => !described.has(route)).sort(), 'routes without rows').toEqual(
      [],
    );
    expect([...described].filter((route) => !registered.has(route)).sort(), 'rows without a route').toEqual(
      [],
    );
  });
});

describe('the authorization matrix', () => {
  for (const row of ROUTE_MATRIX) {
    const [method = 'GET'] = row.route.split(' ');
    for (const testCase of row.cases) {
      it(`${row.route}${testCase.label ? ` (${testCase.label})` : ''}`, async () => {
        const actual: Partial<Record<MatrixPersona, number>> = {};
        for (const persona of PERSONAS) actual[persona] = await statusOf(persona, method, testCase);
        expect(actual).toEqual(testCase.expect);
      });
    }
  }
});
