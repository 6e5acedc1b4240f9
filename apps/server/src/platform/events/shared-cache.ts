import type { EventBus } from './event-bus.ts';

const DEFAULT_LIMIT = 10_000;

/**
 * Values read on every chat message and changed rarely (a teacher's roster names), kept in this
 * process per key. A writer calls `invalidate()` after its change: this process drops its copies at
 * once and the message on the event bus makes every other instance (Redis) drop theirs. Until the
 * subscription is active nothing is kept, so no instance serves a value it would not hear change.
 */
export function createSharedCache<K extends string | number, V>(options: {
  bus: EventBus;
  channel: string;
  limit?: number;
}) {
  const values = new Map<K, V>();
  const limit = options.limit ?? DEFAULT_LIMIT;
  let listening = false;
  // Bumped by every change: a read that started before it must not store what it read.
  let epoch = 0;

  const drop = (message: unknown) => {
    epoch += 1;
    const key = (message as { key?: K | null } | null)?.key;
    if (key === undefined || key === null) values.clear();
    else values.delete(key);
  };

  const ready = options.bus.subscribe(options.channel, drop).then(
    () => {
      listening = true;
    },
    () => {},
  );

  return {
    /** Resolves once changes are heard (values are kept from then on). */
    ready,

    async get(key: K, load: () => Promise<V>): Promise<V> {
      if (values.has(key)) return values.get(key) as V;
      const started = epoch;
      const value = await load();
      if (listening && started === epoch) {
        if (values.size >= limit) values.delete(values.keys().next().value as K);
        values.set(key, value);
      }
      return value;
    },

    /** After a change to `key` (or to anything, without one): dropped here now, elsewhere on the bus. */
    async invalidate(key: K | null = null): Promise<void> {
      drop({ key });
      await options.bus.publish(options.channel, { key });
    },

    /** Stops keeping values; the subscription ends with the bus, which closes with the app. */
    close(): void {
      listening = false;
      values.clear();
    },
  };
}

export type SharedCache<K extends string | number, V> = ReturnType<typeof createSharedCache<K, V>>;
