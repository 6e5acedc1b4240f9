import type { WebtoonCharacter, WebtoonPanel, WebtoonResult } from '@ssaem/contracts';

/**
 * The webtoon drawn as SVG on the server: panels stacked as a vertical strip, each with a drawn
 * scene (or the picture the image model drew), the speakers as simple figures, a narration box,
 * and speech bubbles whose tails point at the speaker. Korean is wrapped by 어절 (at spaces) and
 * a word longer than a line is broken between syllables, as Korean allows.
 */

export const FONT_FAMILY = 'Noto Sans KR';
export const WIDTH = 800;
const MARGIN = 20;
export const PANEL_WIDTH = WIDTH - MARGIN * 2;
export const PANEL_HEIGHT = 470;
const HEADER = 72;
const BUBBLE_FONT = 19;
const NARRATION_FONT = 17;
const LINE_GAP = 1.35;

const SCENES: Record<WebtoonPanel['setting'], { sky: string; ground: string }> = {
  classroom: { sky: '#FFF7E6', ground: '#D9B38C' },
  outdoor: { sky: '#DDF1FF', ground: '#9BD37A' },
  lab: { sky: '#EEF2FF', ground: '#C7CEDB' },
  home: { sky: '#FFF0F3', ground: '#E8C9A0' },
  library: { sky: '#F5EFE6', ground: '#B98B5E' },
  night: { sky: '#1E2A4A', ground: '#33415C' },
};

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A character's advance as a share of the font size: Hangul and other wide letters are full width. */
function advance(char: string): number {
  if (/[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/u.test(char)) return 1;
  if (char === ' ') return 0.3;
  if (/[A-Z0-9]/.test(char)) return 0.62;
  return 0.52;
}

export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const char of text) width += advance(char) * fontSize;
  return width;
}

/** Lines of at most `maxWidth`: broken at spaces, and inside a word only when the word alone is too long. */
export function wrapKorean(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/u).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (textWidth(rest, fontSize) > maxWidth) {
      let cut = '';
      for (const char of rest) {
        if (textWidth(cut + char, fontSize) > maxWidth) break;
        cut += char;
      }
      lines.push(cut);
      rest = rest.slice(cut.length);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextStyle {
  fill: string;
  bold?: boolean;
  anchor?: 'middle';
}

/** Draws lines of text from a baseline: as SVG text (for pages and downloads) or as outlines. */
export type TextPainter = (
  lines: string[],
  x: number,
  y: number,
  fontSize: number,
  style: TextStyle,
) => string;

export const LINE_HEIGHT = LINE_GAP;

/** Real SVG text: searchable, selectable and read aloud in the browser. */
export const svgText: TextPainter = (lines, x, y, fontSize, style) => {
  const spans = lines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : fontSize * LINE_GAP}">${escapeXml(line)}</tspan>`)
    .join('');
  const attrs = [
    `fill="${style.fill}"`,
    style.bold ? 'font-weight="700"' : '',
    style.anchor ? `text-anchor="${style.anchor}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${fontSize}" ${attrs}>${spans}</text>`;
};

function scene(setting: WebtoonPanel['setting']): string {
  const { sky, ground } = SCENES[setting];
  const h = PANEL_HEIGHT;
  const w = PANEL_WIDTH;
  const parts = [
    `<rect width="${w}" height="${h}" fill="${sky}"/>`,
    `<rect y="${h - 110}" width="${w}" height="110" fill="${ground}"/>`,
  ];
  switch (setting) {
    case 'classroom':
      parts.push(
        `<rect x="230" y="150" width="300" height="130" rx="6" fill="#2F5D50" stroke="#8B5E3C" stroke-width="8"/>`,
        `<rect x="560" y="170" width="120" height="90" fill="#CFE8FF" stroke="#FFFFFF" stroke-width="6"/>`,
      );
      break;
    case 'outdoor':
      parts.push(
        `<circle cx="660" cy="110" r="42" fill="#FFD43B"/>`,
        `<rect x="96" y="250" width="22" height="110" fill="#8B5E3C"/>`,
        `<circle cx="107" cy="230" r="60" fill="#51A34F"/>`,
      );
      break;
    case 'lab':
      parts.push(
        `<rect x="200" y="300" width="360" height="18" fill="#868E96"/>`,
        `<path d="M300 300 L320 240 L320 200 L340 200 L340 240 L360 300 Z" fill="#A5D8FF" stroke="#495057" stroke-width="3"/>`,
        `<rect x="420" y="220" width="26" height="80" rx="8" fill="#B2F2BB" stroke="#495057" stroke-width="3"/>`,
      );
      break;
    case 'home':
      parts.push(
        `<rect x="520" y="170" width="130" height="100" fill="#FFF3BF" stroke="#FFFFFF" stroke-width="6"/>`,
        `<rect x="120" y="270" width="200" height="90" rx="12" fill="#F08C8C"/>`,
      );
      break;
    case 'library':
      for (let i = 0; i < 5; i += 1)
        parts.push(
          `<rect x="${190 + i * 80}" y="150" width="60" height="200" fill="#8B5E3C"/>`,
          `<rect x="${196 + i * 80}" y="160" width="12" height="80" fill="#E03131"/>`,
          `<rect x="${212 + i * 80}" y="160" width="12" height="80" fill="#1971C2"/>`,
        );
      break;
    case 'night':
      parts.push(`<circle cx="650" cy="100" r="36" fill="#FFF3BF"/>`);
      for (const [x, y] of [
        [120, 80],
        [240, 140],
        [420, 60],
        [520, 150],
      ])
        parts.push(`<circle cx="${x}" cy="${y}" r="3" fill="#FFFFFF"/>`);
      break;
  }
  return parts.join('');
}

/** A simple figure standing on the ground: head, hair, body in the character's colour, name tag. */
function figure(paint: TextPainter, character: WebtoonCharacter, x: number): string {
  const ground = PANEL_HEIGHT - 40;
  const headY = ground - 150;
  return [
    `<g data-figure="${escapeXml(character.name)}">`,
    `<rect x="${x - 34}" y="${headY + 44}" width="68" height="100" rx="26" fill="${character.colour}"/>`,
    `<circle cx="${x}" cy="${headY}" r="38" fill="#FFE3C7" stroke="#5C3D2E" stroke-width="3"/>`,
    `<path d="M${x - 38} ${headY - 6} Q${x} ${headY - 62} ${x + 38} ${headY - 6} Q${x} ${headY - 26} ${x - 38} ${headY - 6} Z" fill="#3B2F2F"/>`,
    `<circle cx="${x - 13}" cy="${headY + 4}" r="4" fill="#222"/>`,
    `<circle cx="${x + 13}" cy="${headY + 4}" r="4" fill="#222"/>`,
    `<path d="M${x - 10} ${headY + 18} Q${x} ${headY + 26} ${x + 10} ${headY + 18}" stroke="#222" stroke-width="3" fill="none"/>`,
    nameTag(paint, character.name, x, ground + 22),
    '</g>',
  ].join('');
}

function nameTag(paint: TextPainter, name: string, x: number, y: number): string {
  const w = textWidth(name, 15) + 20;
  return `<rect x="${x - w / 2}" y="${y - 18}" width="${w}" height="26" rx="13" fill="#FFFFFF" stroke="#343A40" stroke-width="2"/>${paint([name], x, y, 15, { fill: '#212529', bold: true, anchor: 'middle' })}`;
}

/** Where each speaker of the panel stands, spread along the bottom. */
function positions(names: string[]): Map<string, number> {
  const slots =
    names.length === 1
      ? [PANEL_WIDTH * 0.3]
      : names.map((_, i) => 140 + (i * (PANEL_WIDTH - 280)) / (names.length - 1));
  return new Map(names.map((name, i) => [name, slots[i] ?? PANEL_WIDTH / 2]));
}

function bubble(
  paint: TextPainter,
  text: string,
  speakerX: number,
  top: number,
  headY: number,
  index: number,
): { svg: string; bottom: number } {
  const maxText = 300;
  const lines = wrapKorean(text, BUBBLE_FONT, maxText);
  const inner = Math.max(...lines.map((line) => textWidth(line, BUBBLE_FONT)));
  const w = inner + 36;
  const h = lines.length * BUBBLE_FONT * LINE_GAP + 22;
  // Beside the speaker, alternating sides, kept inside the panel.
  const preferred = index % 2 === 0 ? speakerX - w * 0.35 : speakerX - w * 0.65;
  const x = Math.min(Math.max(preferred, 14), PANEL_WIDTH - w - 14);
  const baseX = Math.min(Math.max(speakerX, x + 24), x + w - 24);
  const tail = `M${baseX - 12} ${top + h - 2} L${speakerX} ${headY - 44} L${baseX + 12} ${top + h - 2} Z`;
  const svg = [
    `<g data-bubble="">`,
    `<path d="${tail}" fill="#FFFFFF" stroke="#212529" stroke-width="2.5" stroke-linejoin="round"/>`,
    `<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${Math.min(24, h / 2)}" fill="#FFFFFF" stroke="#212529" stroke-width="2.5"/>`,
    // Covers the tail's root so the bubble reads as one shape.
    `<rect x="${baseX - 10}" y="${top + h - 5}" width="20" height="4" fill="#FFFFFF"/>`,
    paint(lines, x + 18, top + 12 + BUBBLE_FONT, BUBBLE_FONT, { fill: '#212529' }),
    '</g>',
  ].join('');
  return { svg, bottom: top + h };
}

/** One panel, drawn at the origin; `image` is an href for the panel's picture when it has one. */
export function panelSvg(
  panel: WebtoonPanel,
  characters: WebtoonCharacter[],
  number: number,
  image: string | null,
  paint: TextPainter = svgText,
): string {
  const clip = `panel-clip-${number}`;
  const parts = [
    `<clipPath id="${clip}"><rect width="${PANEL_WIDTH}" height="${PANEL_HEIGHT}" rx="14"/></clipPath>`,
    `<g clip-path="url(#${clip})">`,
    image
      ? `<image href="${escapeXml(image)}" width="${PANEL_WIDTH}" height="${PANEL_HEIGHT}" preserveAspectRatio="xMidYMid slice"/>`
      : scene(panel.setting),
  ];
  const speakers = [...new Set(panel.dialogue.map((line) => line.speaker))];
  const standing = speakers.length ? speakers : characters.slice(0, 1).map((c) => c.name);
  const at = positions(standing);
  const colourOf = new Map(characters.map((c) => [c.name, c]));
  for (const name of standing) {
    const x = at.get(name) ?? PANEL_WIDTH / 2;
    const character = colourOf.get(name) ?? { name, role: '', colour: '#868E96' };
    // Over a drawn picture only the name tags stand in for the figures.
    parts.push(image ? nameTag(paint, name, x, PANEL_HEIGHT - 18) : figure(paint, character, x));
  }
  let top = 18;
  if (panel.narration.trim()) {
    const lines = wrapKorean(panel.narration, NARRATION_FONT, PANEL_WIDTH - 140);
    const h = lines.length * NARRATION_FONT * LINE_GAP + 16;
    const w = Math.max(...lines.map((line) => textWidth(line, NARRATION_FONT))) + 28;
    parts.push(
      `<g data-narration=""><rect x="14" y="${top}" width="${w}" height="${h}" fill="#FFF3BF" stroke="#212529" stroke-width="2"/>`,
      paint(lines, 28, top + 8 + NARRATION_FONT, NARRATION_FONT, { fill: '#212529' }),
      '</g>',
    );
    top += h + 12;
  }
  const headY = PANEL_HEIGHT - 40 - 150;
  panel.dialogue.forEach((line, index) => {
    const drawn = bubble(paint, line.text, at.get(line.speaker) ?? PANEL_WIDTH / 2, top, headY, index);
    parts.push(drawn.svg);
    top = drawn.bottom + 14;
  });
  parts.push(
    '</g>',
    `<rect width="${PANEL_WIDTH}" height="${PANEL_HEIGHT}" rx="14" fill="none" stroke="#212529" stroke-width="4"/>`,
    `<circle cx="${PANEL_WIDTH - 26}" cy="26" r="15" fill="#212529"/>`,
    paint([String(number)], PANEL_WIDTH - 26, 32, 16, { fill: '#FFFFFF', bold: true, anchor: 'middle' }),
  );
  return parts.join('');
}

function svgDocument(width: number, height: number, body: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}"><rect width="${width}" height="${height}" fill="#FFFFFF"/>${body}</svg>`;
}

export type ImageHref = (panel: WebtoonPanel) => string | null;

/** The whole strip: the title, then every panel under the one before. */
export function webtoonSvg(
  title: string,
  result: WebtoonResult,
  imageOf: ImageHref = () => null,
  paint: TextPainter = svgText,
): string {
  const height = HEADER + result.panels.length * (PANEL_HEIGHT + MARGIN) + MARGIN;
  const body = [
    paint(wrapKorean(title, 30, WIDTH - 60).slice(0, 1), WIDTH / 2, 48, 30, {
      fill: '#212529',
      bold: true,
      anchor: 'middle',
    }),
    ...result.panels.map(
      (panel, i) =>
        `<g transform="translate(${MARGIN} ${HEADER + i * (PANEL_HEIGHT + MARGIN)})" data-panel="${i + 1}">${panelSvg(panel, result.characters, i + 1, imageOf(panel), paint)}</g>`,
    ),
  ].join('');
  return svgDocument(WIDTH, height, body, title);
}

/** One panel alone with a margin (the PDF puts each on the page as a picture). */
export function singlePanelSvg(
  result: WebtoonResult,
  index: number,
  imageOf: ImageHref = () => null,
  paint: TextPainter = svgText,
): string {
  const panel = result.panels[index];
  if (!panel) throw new Error(`no panel ${index}`);
  return svgDocument(
    PANEL_WIDTH + MARGIN * 2,
    PANEL_HEIGHT + MARGIN * 2,
    `<g transform="translate(${MARGIN} ${MARGIN})">${panelSvg(panel, result.characters, index + 1, imageOf(panel), paint)}</g>`,
    `${index + 1}`,
  );
}
