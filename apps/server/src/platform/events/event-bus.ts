import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Signals between parts of the product that may run in different processes (a job finishing on a
 * worker, a subscriber waiting on an API instance). In-process by default; Redis pub/sub when
 * REDIS_URL is set. Messages are JSON values.
 */
export interface EventBus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is active; the returned function ends it. */
  subscribe(channel: string, listener: (message: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Many subscribers may wait on popular channels; the default warning threshold is 10.
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** One publishing and one subscribing connection per process; channels are reference-counted. */
export function createRedisEventBus(redisUrl: string, prefix = 'ssaem:'): EventBus {
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const local = createMemoryEventBus();
  const counts = new Map<string, number>();
  // The SUBSCRIBE in flight per channel: a second subscriber waits for it too, so none misses a message.
  const pending = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, payload: string) => {
    try {
      void local.publish(channel.slice(prefix.length), JSON.parse(payload));
    } catch {
      // A malformed message is not ours to deliver.
    }
  });
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      const unsubscribeLocal = await local.subscribe(channel, listener);
      const count = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, count);
      if (count === 1) pending.set(channel, subscriber.subscribe(prefix + channel));
      await pending.get(channel);
      return async () => {
        await unsubscribeLocal();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) {
          counts.set(channel, left);
          return;
        }
        counts.delete(channel);
        pending.delete(channel);
        await subscriber.unsubscribe(prefix + channel);
      };
    },
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
