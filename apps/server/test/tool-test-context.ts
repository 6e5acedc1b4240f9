import type { TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';
import { readFrames } from './sse-client.ts';

export interface ToolTestContext<Item> {
  t: TestApp & { origin: string };
  world: DemoWorld;
  /** Calls the API as a persona; a FormData body is sent as multipart, anything else as JSON. */
  request(persona: AnyPersona, method: string, path: string, body?: unknown): Promise<Response>;
  /** Waits for an item's completion signal, then reads the item as its teacher. */
  waitDone(id: number): Promise<Item>;
  /** Submits a tool's form as `teacher` and returns the finished item. */
  createAndWait(body: unknown): Promise<Item>;
}

/** A listening app with the demo world, for a document tool mounted at `base` (e.g. /api/v1/summary). */
export async function buildToolTestContext<Item>(
  base: string,
  env: Record<string, string>,
): Promise<ToolTestContext<Item>> {
  const t = await buildListeningApp(env);
  const world = await buildDemoWorld(t);
  const request = async (persona: AnyPersona, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { ...(await world.headersFor(persona)) };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    return fetch(`${t.origin}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
  };
  const waitDone = async (id: number) => {
    await readFrames(
      await request('teacher', 'GET', `/api/subscribe/${world.users.teacher?.id}/${id}`),
      () => false,
    );
    return (await (await request('teacher', 'GET', `${base}/${id}`)).json()) as Item;
  };
  const createAndWait = async (body: unknown) => {
    const created = await request('teacher', 'POST', base, body);
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    return waitDone(((await created.json()) as { id: number }).id);
  };
  return { t, world, request, waitDone, createAndWait };
}
