import { createRequire } from 'node:module';
import { makePng } from './png.ts';

/**
 * Renders text to a PNG with a real Korean font (the one the PDF writer embeds), so the OCR test
 * reads an image we made ourselves rather than a fixture. Glyph outlines are flattened and filled
 * with the non-zero rule on a grid 3× finer than the output, then averaged down.
 */

type PathCommand = { command: string; args: number[] };
type Glyph = { path: { commands: PathCommand[] }; advanceWidth: number };
type Font = { unitsPerEm: number; layout(text: string): { glyphs: Glyph[] } };

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { openSync(path: string): Font };
let font: Font | undefined;

function loadFont(): Font {
  font ??= fontkit.openSync(
    require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  );
  return font;
}

type Edge = { x0: number; y0: number; x1: number; y1: number };

export function renderTextPng(lines: string[], fontSize = 36): Uint8Array {
  const scale = 3;
  const face = loadFont();
  const px = (fontSize * scale) / face.unitsPerEm;
  const lineHeight = fontSize * 1.6 * scale;
  const margin = fontSize * scale;
  const edges: Edge[] = [];
  let width = 0;
  lines.forEach((line, index) => {
    let penX = margin;
    const baseline = margin + fontSize * scale + index * lineHeight;
    for (const glyph of face.layout(line).glyphs) {
      addGlyph(glyph, penX, baseline, px, edges);
      penX += glyph.advanceWidth * px;
    }
    width = Math.max(width, penX + margin);
  });
  const height = margin * 2 + lines.length * lineHeight;
  const hiWidth = Math.ceil(width);
  const hiHeight = Math.ceil(height);
  const ink = rasterise(edges, hiWidth, hiHeight);
  const outWidth = Math.ceil(hiWidth / scale);
  const outHeight = Math.ceil(hiHeight / scale);
  return makePng(outWidth, outHeight, (x, y) => {
    let covered = 0;
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) covered += ink[(y * scale + dy) * hiWidth + x * scale + dx] ?? 0;
    }
    return Math.round(255 * (1 - covered / (scale * scale)));
  });
}

function addGlyph(glyph: Glyph, originX: number, baseline: number, px: number, edges: Edge[]): void {
  let start: [number, number] | undefined;
  let current: [number, number] = [0, 0];
  const point = (x: number, y: number): [number, number] => [originX + x * px, baseline - y * px];
  const line = (to: [number, number]) => {
    edges.push({ x0: current[0], y0: current[1], x1: to[0], y1: to[1] });
    current = to;
  };
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (start) line(start);
      current = point(args[0] ?? 0, args[1] ?? 0);
      start = current;
    } else if (command === 'lineTo') {
      line(point(args[0] ?? 0, args[1] ?? 0));
    } else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') {
      const from = current;
      const controls: [number, number][] = [];
      for (let i = 0; i + 1 < args.length; i += 2) controls.push(point(args[i] ?? 0, args[i + 1] ?? 0));
      for (let step = 1; step <= 8; step++) line(bezier([from, ...controls], step / 8));
    } else if (command === 'closePath' && start) {
      line(start);
      start = undefined;
    }
  }
  if (start) line(start);
}

function bezier(points: [number, number][], t: number): [number, number] {
  let layer = points;
  while (layer.length > 1) {
    const next: [number, number][] = [];
    for (let i = 0; i + 1 < layer.length; i++) {
      const a = layer[i] ?? [0, 0];
      const b = layer[i + 1] ?? [0, 0];
      next.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
    layer = next;
  }
  return layer[0] ?? [0, 0];
}

function rasterise(edges: Edge[], width: number, height: number): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const scanY = y + 0.5;
    const crossings: { x: number; winding: number }[] = [];
    for (const edge of edges) {
      if (edge.y0 === edge.y1) continue;
      const up = edge.y1 < edge.y0;
      const top = Math.min(edge.y0, edge.y1);
      const bottom = Math.max(edge.y0, edge.y1);
      if (scanY < top || scanY >= bottom) continue;
      const x = edge.x0 + ((scanY - edge.y0) * (edge.x1 - edge.x0)) / (edge.y1 - edge.y0);
      crossings.push({ x, winding: up ? 1 : -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let i = 0; i < crossings.length; i++) {
      const crossing = crossings[i];
      if (!crossing) continue;
      const before = winding;
      winding += crossing.winding;
      if (before === 0 && winding !== 0) {
        // Fill from here to where the winding returns to zero.
        let end = i + 1;
        let w = winding;
        while (end < crossings.length && w !== 0) {
          w += crossings[end]?.winding ?? 0;
          if (w === 0) break;
          end++;
        }
        const stop = crossings[end]?.x ?? crossing.x;
        for (let x = Math.max(0, Math.round(crossing.x)); x < Math.min(width, Math.round(stop)); x++)
          ink[y * width + x] = 1;
      }
    }
  }
  return ink;
}
