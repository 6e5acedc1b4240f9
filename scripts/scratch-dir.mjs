// Temporary directories of the scripts and benches that go however the script ends: a `finally`
// block does not run when the process is killed by a signal, so a killed run used to leave them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
/** Clean-ups still to run if a signal comes, the latest first (children stopped before their folders go). */
const pending = [];
let installed = false;

function runPending() {
  while (pending.length > 0) {
    const cleanUp = pending.pop();
    try {
      cleanUp();
    } catch (error) {
      console.error(error);
    }
  }
}

function install() {
  if (installed) return;
  installed = true;
  for (const [signal, code] of Object.entries(SIGNALS)) {
    process.once(signal, () => {
      runPending();
      process.exit(code);
    });
  }
}

/**
 * Runs `cleanUp` if the process is stopped by SIGINT, SIGTERM or SIGHUP (then exits with 128 + the
 * signal's number); the returned function forgets it, for a script that cleaned up itself.
 */
export function onTerminate(cleanUp) {
  install();
  pending.push(cleanUp);
  return () => {
    const index = pending.indexOf(cleanUp);
    if (index >= 0) pending.splice(index, 1);
  };
}

/** A new directory under the system's temporary folder; `remove` deletes it (also done on a signal). */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  const forget = onTerminate(removeNow);
  return {
    dir,
    remove() {
      forget();
      removeNow();
    },
  };
}
