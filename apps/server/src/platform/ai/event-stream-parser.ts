/**
 * The `data` of each server-sent event in a text stream, as the HTML event-stream format reads it:
 * lines end in CRLF, LF or CR (a CR at the end of one piece and an LF at the start of the next are
 * one line end), `data:` lines of an event join with LF, one space after the colon is dropped,
 * comments and other fields are skipped, a blank line ends the event. Events without data (and
 * empty data: a keep-alive) are not reported.
 *
 * Written for the hottest read of the product: a piece usually holds one whole `data: …\n\n` event,
 * read here with two index searches and one slice, where a general parser splits and copies every
 * line.
 */
export function createEventStreamParser(onData: (data: string) => void) {
  /** An unfinished line carried over from the previous piece. */
  let rest = '';
  /** The data lines of the event being read; null before its first. */
  let data: string | null = null;
  let skipLineFeed = false;
  let first = true;

  function takeLine(text: string, start: number, end: number) {
    if (end === start) {
      // A blank line ends the event.
      if (data) onData(data);
      data = null;
      return;
    }
    if (text.charCodeAt(start) === 58 /* : */) return; // a comment
    if (!text.startsWith('data', start)) return; // event, id, retry and unknown fields
    let valueStart = start + 4;
    if (valueStart < end) {
      if (text.charCodeAt(valueStart) !== 58) return; // a field that only starts with "data"
      valueStart += 1;
      if (text.charCodeAt(valueStart) === 32 && valueStart < end) valueStart += 1;
    }
    const value = text.slice(valueStart, end);
    data = data === null ? value : `${data}\n${value}`;
  }

  return {
    feed(piece: string): void {
      let text = rest ? rest + piece : piece;
      rest = '';
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      if (skipLineFeed && text.length > 0) {
        skipLineFeed = false;
        if (text.charCodeAt(0) === 10) start = 1;
      }
      // Most servers never send CR: it is looked for once a piece, not once a line.
      let carriageReturn = text.indexOf('\r', start);
      for (;;) {
        let end = text.indexOf('\n', start);
        let next = end + 1;
        if (carriageReturn !== -1 && carriageReturn < start) carriageReturn = text.indexOf('\r', start);
        if (carriageReturn !== -1 && (end === -1 || carriageReturn < end)) {
          end = carriageReturn;
          if (end + 1 === text.length) {
            skipLineFeed = true;
            next = end + 1;
          } else {
            next = text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
          }
        }
        if (end === -1) {
          rest = start === 0 ? text : text.slice(start);
          return;
        }
        takeLine(text, start, end);
        start = next;
        if (start >= text.length) return;
      }
    },
  };
}
