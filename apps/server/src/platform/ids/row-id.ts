import { randomUUID } from 'node:crypto';

/** The millisecond of the last id, and the counter of ids within it (RFC 9562 §6.2, method 1). */
let lastMs = 0;
let counter = 0;
/** A new millisecond's counter starts at a random value below this, leaving room to count. */
const COUNTER_START_LIMIT = 0x800;
const COUNTER_MAX = 0xfff;

/**
 * A new row's id where rows are written many times a second (conversations, messages, streams,
 * licence reservations): a UUID of version 7, whose first 48 bits are the time in milliseconds.
 *
 * The database keeps a text key's index in key order. Random ids (version 4) land on a random
 * page of the index each, so every chat stream dirtied pages of its own in five indexes and each
 * commit wrote them all to SQLite's log; time-ordered ids append to the index's last page, which
 * the transactions of one group commit (db/sqlite-group-commit.ts) then write once. Measured
 * alone (a stream's reservation, conversation and settlement over 9,000 earlier reservations),
 * four streams to a commit cost 177 µs per stream with random ids and 95 µs with these; ten, 148
 * and 66 µs. An index's recent pages are also the ones in memory, on PostgreSQL as well.
 *
 * The 12 bits after the version count the ids of one millisecond, so ids also sort in the order
 * they were made within it (a counter that runs out moves on to the next millisecond, as does a
 * clock that goes back); the other 62 random bits come from `randomUUID`, which draws on a pool
 * of random bytes (0.13 µs an id, where asking Web Crypto for 16 bytes each time took 1.7 µs,
 * and about 10 µs on a busy server).
 *
 * Still unguessable enough for what these ids are (every read checks the owner); their time
 * is no secret (the rows carry it). Ids that stand in for a permission, such as a picture's file
 * name, stay random.
 */
export function newRowId(): string {
  // Version 4 layout: xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, random but for the version and variant.
  const random = randomUUID();
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = Number.parseInt(random.slice(15, 18), 16) % COUNTER_START_LIMIT;
  } else if (counter < COUNTER_MAX) {
    counter += 1;
  } else {
    lastMs += 1;
    counter = 0;
  }
  const time = lastMs.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${counter.toString(16).padStart(3, '0')}${random.slice(18)}`;
}
