/**
 * Incremental parser for `text/event-stream` (the WHATWG format): bytes arrive in arbitrary
 * chunks; an event ends at a blank line; `:` lines are comments (the server's `: ping`).
 */
export interface SseEvent {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (;;) {
      const newline = this.buffer.indexOf('\n', start);
      if (newline === -1) break;
      let line = this.buffer.slice(start, newline);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      start = newline + 1;
      const event = this.readLine(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** Ends the stream: a last event without its blank line still counts. */
  end(): SseEvent[] {
    const events = this.buffer ? this.push('\n') : [];
    const last = this.readLine('');
    if (last) events.push(last);
    return events;
  }

  private readLine(line: string): SseEvent | null {
    if (line === '') {
      if (this.dataLines.length === 0) {
        this.eventName = '';
        return null;
      }
      const event = { event: this.eventName || 'message', data: this.dataLines.join('\n') };
      this.eventName = '';
      this.dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventName = value;
    return null;
  }
}
