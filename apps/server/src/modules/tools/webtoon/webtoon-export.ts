import { Resvg } from '@resvg/resvg-js';
import type { WebtoonResult } from '@ssaem/contracts';
import { type BlockNode, doc, heading, image, pageBreak, paragraph, writePdf } from '@ssaem/documents';
import { outlineText } from './webtoon-outline.ts';
import { FONT_FAMILY, type ImageHref, singlePanelSvg, WIDTH, webtoonSvg } from './webtoon-svg.ts';

/** Rendered twice the SVG's size: crisp on a classroom screen and in print. */
const SCALE = 2;

/**
 * SVG to PNG: the text comes as outlines of the bundled Korean face (webtoon-outline.ts), so the
 * same pixels come out on every machine and no system font is looked for.
 */
export function rasterize(svg: string, width = WIDTH * SCALE): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}

export function webtoonPng(title: string, result: WebtoonResult, imageOf?: ImageHref): Uint8Array {
  return rasterize(webtoonSvg(title, result, imageOf, outlineText));
}

/**
 * The PDF: the title, then each panel as a picture, two to an A4 page, with the panel's text
 * beneath as real text too (it can be searched, copied and read aloud).
 */
export async function webtoonPdf(
  title: string,
  result: WebtoonResult,
  imageOf?: ImageHref,
): Promise<Uint8Array> {
  const blocks: BlockNode[] = [heading(1, title), paragraph(`${result.grade} · ${result.topic}`)];
  result.panels.forEach((panel, index) => {
    if (index > 0 && index % 2 === 0) blocks.push(pageBreak());
    const png = rasterize(singlePanelSvg(result, index, imageOf, outlineText), 1200);
    blocks.push(
      image(`data:image/png;base64,${Buffer.from(png).toString('base64')}`, {
        alt: `${index + 1}컷`,
        width: 640,
      }),
    );
    const text = [panel.narration, ...panel.dialogue.map((line) => `${line.speaker}: ${line.text}`)]
      .filter(Boolean)
      .join(' / ');
    blocks.push(paragraph(`${index + 1}컷 — ${text}`));
  });
  return writePdf(doc(blocks), { creator: 'Ssaem' });
}
