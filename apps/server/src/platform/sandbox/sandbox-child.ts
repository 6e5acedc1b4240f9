/**
 * The loop of a sandbox child process: runs one task at a time as the parent asks and answers
 * with its result or its error. Anything thrown is sent back as name, message and reason; the
 * parent decides what it means. An entry module calls `serveTasks` with the tasks it offers.
 */

type Task = (...args: never[]) => unknown;
type RunMessage = { type: 'run'; id: number; task: string; args: unknown[] };

function send(message: unknown): void {
  process.send?.(message);
}

export function serveTasks(tasks: Record<string, Task>): void {
  process.on('message', async (message: RunMessage) => {
    if (message?.type !== 'run') return;
    try {
      const task = tasks[message.task] as ((...args: unknown[]) => unknown) | undefined;
      if (!task) throw new Error(`unknown task ${message.task}`);
      send({ type: 'done', id: message.id, result: await task(...message.args) });
    } catch (error) {
      const { name, message: text, reason } = error as { name?: string; message?: string; reason?: string };
      send({
        type: 'failed',
        id: message.id,
        error: { name: name ?? 'Error', message: String(text ?? error).slice(0, 500), reason },
      });
    }
  });
  // The parent went away: nothing left to do for it.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}
