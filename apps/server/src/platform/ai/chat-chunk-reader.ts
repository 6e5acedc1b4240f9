/** The part of a streamed chat-completions chunk we read; anything else is ignored. */
export interface ChatChunk {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string } | string;
}

/** What one chunk says, as the stream reader uses it. */
export interface ChunkReading {
  error?: string;
  usage?: { inputTokens: number; outputTokens: number };
  reasoning?: string;
  text?: string;
  finishReason?: string;
}

/** A chunk that says nothing but its text: the shape of almost every chunk of an answer. */
interface Template {
  /** Everything up to and with the opening quote of the content string. */
  before: string;
  /** Everything from the closing quote of the content string on. */
  after: string;
}

const CONTENT_KEY = /"content"\s*:\s*"/g;
/** What a JSON string's body cannot hold unescaped; a body without these reads as it is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON allows no control character unescaped in a string.
const NEEDS_DECODING = /["\\\u0000-\u001f]/;
/** A server whose chunks never repeat their frame (a per-chunk nonce) stops being templated. */
const MAX_TEMPLATE_MISSES = 16;
const PROBE = 'template-probe';

export function readingOf(chunk: ChatChunk): ChunkReading {
  const reading: ChunkReading = {};
  if (chunk.error) {
    reading.error = typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'Model error');
    return reading;
  }
  if (chunk.usage) {
    reading.usage = {
      inputTokens: chunk.usage.prompt_tokens ?? 0,
      outputTokens: chunk.usage.completion_tokens ?? 0,
    };
  }
  const choice = chunk.choices?.[0];
  if (!choice) return reading;
  const reasoning = choice.delta?.reasoning_content ?? choice.delta?.reasoning;
  if (reasoning) reading.reasoning = reasoning;
  const text = choice.delta?.content;
  if (text) reading.text = text;
  if (choice.finish_reason) reading.finishReason = choice.finish_reason;
  return reading;
}

/** The end (closing quote) of the JSON string whose body starts at `from`; -1 when it has none. */
function stringEnd(data: string, from: number): number {
  for (let i = from; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code === 92 /* \ */) i += 1;
    else if (code === 34 /* " */) return i;
  }
  return -1;
}

/**
 * The frame around the text of a chunk that carries only text (one choice, no reasoning, no finish,
 * no usage, no error), when its content string can be found exactly once. Another chunk with the
 * same frame and a different string in it says exactly what this one says, with that text.
 */
function templateOf(data: string, chunk: ChatChunk, reading: ChunkReading): Template | null {
  if (reading.text === undefined || reading.reasoning !== undefined) return null;
  if (reading.finishReason !== undefined || reading.usage !== undefined || reading.error !== undefined)
    return null;
  if (chunk.choices?.length !== 1) return null;
  const keys = [...data.matchAll(CONTENT_KEY)];
  const key = keys[0];
  if (keys.length !== 1 || key === undefined) return null;
  const bodyStart = key.index + key[0].length;
  const bodyEnd = stringEnd(data, bodyStart);
  if (bodyEnd === -1) return null;
  const before = data.slice(0, bodyStart);
  const after = data.slice(bodyEnd);
  // The string found must be the text read, not some other field's: another text in its place
  // must read as that text and nothing else.
  const probe = readingOf(JSON.parse(`${before}${PROBE}${after}`) as ChatChunk);
  if (probe.text !== PROBE || Object.keys(probe).length !== 1) return null;
  return { before, after };
}

/**
 * Reads the `data` of chat-completions chunks. The first text chunk of a stream is parsed whole
 * and kept as a template; the next ones that match it outside the text are read without parsing
 * the rest (the string body alone is decoded, and only when it holds escapes). Anything else —
 * reasoning, several choices, tool calls, usage, errors, a frame that changed — is parsed whole.
 */
export function createChunkReader() {
  let template: Template | null = null;
  let misses = 0;

  function parseWhole(data: string): ChunkReading {
    const chunk = JSON.parse(data) as ChatChunk;
    const reading = readingOf(chunk);
    if (misses < MAX_TEMPLATE_MISSES) {
      const found = templateOf(data, chunk, reading);
      if (found) template = found;
    }
    return reading;
  }

  return (data: string): ChunkReading => {
    const frame = template;
    if (
      frame !== null &&
      data.length > frame.before.length + frame.after.length &&
      data.startsWith(frame.before) &&
      data.endsWith(frame.after)
    ) {
      const body = data.slice(frame.before.length, data.length - frame.after.length);
      misses = 0;
      if (!NEEDS_DECODING.test(body)) return { text: body };
      try {
        // A body that is not one whole JSON string (an unescaped quote) is not this frame at all.
        const text = JSON.parse(`"${body}"`) as string;
        if (text) return { text };
      } catch {
        // read whole below
      }
    } else if (frame !== null) {
      misses += 1;
    }
    return parseWhole(data);
  };
}
