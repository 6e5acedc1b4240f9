export interface SseFrame {
  event: string;
  data: string;
  json?: Record<string, unknown>;
}

/** Parses a text/event-stream body into frames (comments and heartbeats dropped). */
export function parseFrames(text: string): SseFrame[] {
  return text
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block && !block.startsWith(':'))
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      const joined = data.join('\n');
      let json: Record<string, unknown> | undefined;
      try {
        json = JSON.parse(joined);
      } catch {
        json = undefined;
      }
      return { event, data: joined, ...(json ? { json } : {}) };
    });
}

/** Reads an SSE response incrementally, calling `onFrame` for each frame until it ends or `stop` says so. */
export async function readFrames(
  response: Response,
  onFrame: (frame: SseFrame) => boolean | undefined,
): Promise<SseFrame[]> {
  const frames: SseFrame[] = [];
  const reader = response.body?.getReader();
  if (!reader) return frames;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary + 2);
      buffer = buffer.slice(boundary + 2);
      for (const frame of parseFrames(block)) {
        frames.push(frame);
        if (onFrame(frame) === true) {
          await reader.cancel();
          return frames;
        }
      }
      boundary = buffer.indexOf('\n\n');
    }
  }
  return frames;
}

export function textOfDeltas(frames: SseFrame[]): string {
  return frames
    .filter((f) => f.json?.event === 'on_message_delta')
    .map((f) => {
      const data = f.json?.data as { delta: { content: { text: string }[] } };
      return data.delta.content.map((c) => c.text).join('');
    })
    .join('');
}

/** The JSON of a frame that must have one; a missing frame fails the test clearly. */
export function jsonOf(frame: SseFrame | undefined): Record<string, unknown> {
  if (!frame?.json) throw new Error(`expected a JSON frame, got ${frame ? frame.data : 'nothing'}`);
  return frame.json;
}
