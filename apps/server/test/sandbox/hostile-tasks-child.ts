import { serveTasks } from '../../src/platform/sandbox/sandbox-child.ts';

const held: Uint8Array[] = [];

// Tasks that misbehave the ways a hostile file makes a parser misbehave.
serveTasks({
  echo: (value: unknown) => value,
  /** Memory outside the V8 heap, as PDF.js's array buffers and native parsers use it. */
  allocate(megabytes: number) {
    for (let i = 0; i < megabytes; i++) held.push(new Uint8Array(1024 * 1024).fill(1));
    return held.length;
  },
  spin() {
    for (;;) {
      // burns CPU until killed
    }
  },
  sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  crash() {
    process.abort();
  },
  fail() {
    throw Object.assign(new Error('bad file'), { name: 'DocumentError', reason: 'zip-bomb' });
  },
  pid: () => process.pid,
});
