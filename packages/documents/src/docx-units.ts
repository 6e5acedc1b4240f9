import type { PAGE_MARGIN_SIDES } from './document-style.ts';
import type { ImageResolver } from './image-source.ts';

// What the DOCX reader and writer share, apart from the writer itself: reading a document does not
// load the `docx` library (docx-writer.ts loads it on the first export).

export type DocxWriteOptions = { resolveImage?: ImageResolver; creator?: string; font?: string };

/** A page's margins in twips: the same sides as the model's (in millimetres). */
export type DocxMarginsTwips = Record<(typeof PAGE_MARGIN_SIDES)[number], number>;

/** The margins (twips) a document without margins of its own goes out with: A4 as 한글 sets it. */
export const DOCX_UNSET_MARGINS_TWIPS: Readonly<DocxMarginsTwips> = {
  top: 1701,
  bottom: 1134,
  left: 1701,
  right: 1701,
  header: 851,
  footer: 851,
};

/**
 * Word counts auto line spacing in 240ths of a line and 한글 in percent of the font size; the
 * body has always gone out at 360 (1.5 lines) for 한글's 160 %, so other percentages scale from there.
 */
export const DOCX_LINE_PER_PERCENT = 360 / 160;
