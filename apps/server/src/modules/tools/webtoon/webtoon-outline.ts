import { createRequire } from 'node:module';
import { koreanFontFiles } from '@ssaem/documents';
import { LINE_HEIGHT, type TextPainter } from './webtoon-svg.ts';

interface Glyph {
  advanceWidth: number;
  path: { toSVG(): string };
}
interface Face {
  unitsPerEm: number;
  glyphForCodePoint(codePoint: number): Glyph;
}

const require = createRequire(import.meta.url);

let faces: { regular: Face; bold: Face } | undefined;
const outlines = new Map<string, { d: string; advance: number }>();

function facesOf() {
  if (!faces) {
    // Required on the first comic drawn: fontkit and its Brotli decoder are 1.4 MB of code.
    const fontkit = require('fontkit') as { openSync(path: string): Face };
    const [regular, bold] = koreanFontFiles();
    faces = { regular: fontkit.openSync(regular ?? ''), bold: fontkit.openSync(bold ?? regular ?? '') };
  }
  return faces;
}

function outlineOf(char: string, bold: boolean) {
  const key = `${bold ? 'b' : 'r'}${char}`;
  let found = outlines.get(key);
  if (!found) {
    const face = bold ? facesOf().bold : facesOf().regular;
    const glyph = face.glyphForCodePoint(char.codePointAt(0) ?? 32);
    found = { d: glyph.path.toSVG(), advance: glyph.advanceWidth };
    outlines.set(key, found);
  }
  return found;
}

/**
 * Text as the bundled face's outlines, for the rasteriser: resvg lays out every text span with
 * the whole 6 MB Korean face again (about 150 ms a span, seconds a comic), while outlines cost
 * nothing to draw. Hangul syllables are precomposed, so a glyph a character is the right shaping.
 */
export const outlineText: TextPainter = (lines, x, y, fontSize, style) => {
  const face = style.bold ? facesOf().bold : facesOf().regular;
  const scale = fontSize / face.unitsPerEm;
  return lines
    .map((line, i) => {
      const glyphs = [...line].map((char) => outlineOf(char, Boolean(style.bold)));
      const width = glyphs.reduce((sum, g) => sum + g.advance, 0) * scale;
      const left = style.anchor === 'middle' ? x - width / 2 : x;
      let pen = 0;
      const paths = glyphs
        .map((glyph) => {
          const path = glyph.d ? `<path transform="translate(${pen} 0)" d="${glyph.d}"/>` : '';
          pen += glyph.advance;
          return path;
        })
        .join('');
      const baseline = y + i * fontSize * LINE_HEIGHT;
      return `<g fill="${style.fill}" transform="translate(${left} ${baseline}) scale(${scale} ${-scale})">${paths}</g>`;
    })
    .join('');
};
