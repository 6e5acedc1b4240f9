import { buildTestApp, type TestApp } from './build-test-app.ts';
import { freePort } from './free-port.ts';

/** A test app listening on a real port, for clients that speak HTTP (openid-client, fetch). */
export async function buildListeningApp(
  env: Record<string, string> = {},
  options: Parameters<typeof buildTestApp>[1] = {},
): Promise<TestApp & { origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ PUBLIC_URL: origin, ...env }, options);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, origin };
}
