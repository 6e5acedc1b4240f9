import { EventEmitter } from 'node:events';

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
