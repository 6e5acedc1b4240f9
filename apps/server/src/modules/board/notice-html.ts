import sanitizeHtml from 'sanitize-html';

/**
 * What a notice's rich text may hold: the editor's formatting, links and tables. No scripts, no
 * event handlers, no styles but alignment, links only to web and mail addresses (opened in a new
 * tab, without the opener), pictures only when embedded (data:) or served by us — an outside
 * picture would tell another server who read the notice.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !/^data:image\/(png|jpeg|gif|webp);base64,/.test(frame.attribs.src ?? '') &&
    !(frame.attribs.src ?? '').startsWith('/api/'),
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The body as plain text, for search and for the check that a notice says something. */
export function noticeText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
