import { describe, expect, it } from 'vitest';
import { createEventStreamParser } from './event-stream-parser.ts';

function dataOf(pieces: string[]): string[] {
  const seen: string[] = [];
  const parser = createEventStreamParser((data) => seen.push(data));
  for (const piece of pieces) parser.feed(piece);
  return seen;
}

/** Every way of cutting `text` in two, and one piece per character. */
function cuts(text: string): string[][] {
  const ways = [[text], [...text]];
  for (let i = 1; i < text.length; i++) ways.push([text.slice(0, i), text.slice(i)]);
  return ways;
}

describe('event-stream parser', () => {
  it('reads one data line per event, however the bytes were cut', () => {
    const stream = 'data: {"a":1}\n\ndata: {"b":"x y"}\n\ndata: [DONE]\n\n';
    for (const pieces of cuts(stream)) expect(dataOf(pieces)).toEqual(['{"a":1}', '{"b":"x y"}', '[DONE]']);
  });

  it('takes CRLF, CR and LF line ends alike, even a CRLF cut between two pieces', () => {
    for (const end of ['\r\n', '\r', '\n']) {
      const stream = `data: one${end}${end}data: two${end}${end}`;
      for (const pieces of cuts(stream)) expect(dataOf(pieces)).toEqual(['one', 'two']);
    }
    // A CR at the end of one piece and an LF at the start of the next make one line end, not two.
    expect(dataOf(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual(['a\nb']);
  });

  it('joins the data lines of one event, drops one space after the colon, skips comments and other fields', () => {
    const stream =
      ': keep-alive\n\nevent: message\nid: 7\nretry: 100\ndata:first\ndata:  second\ndata\ndatum: no\n\n';
    for (const pieces of cuts(stream)) expect(dataOf(pieces)).toEqual(['first\n second\n']);
  });

  it('reports no event for a comment, a field without data, or empty data, and waits for the blank line', () => {
    expect(dataOf([': ping\n\n', 'event: x\n\n', 'data:\n\n', 'data: late'])).toEqual([]);
    expect(dataOf(['data: late', '\n'])).toEqual([]);
    expect(dataOf(['data: late', '\n', '\n'])).toEqual(['late']);
  });

  it('drops a byte-order mark at the start of the stream only', () => {
    expect(dataOf(['\uFEFFdata: a\n\n', 'data: \uFEFFb\n\n'])).toEqual(['a', '\uFEFFb']);
  });

  it('keeps non-ASCII text, colons and braces in the data as they are', () => {
    const data = '{"content":"선생님: {안녕} 😀 \\"인용\\""}';
    for (const pieces of cuts(`data: ${data}\n\n`)) expect(dataOf(pieces)).toEqual([data]);
  });
});
