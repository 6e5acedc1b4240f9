import { Redis } from 'ioredis';
import { createMemoryEventBus, type EventBus } from './event-bus.ts';

// Its own module, so that the embedded setup, which never uses Redis, never loads ioredis.

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
