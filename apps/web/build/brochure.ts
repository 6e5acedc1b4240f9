import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BlockNode,
  bold,
  bulletList,
  type DocumentNode,
  doc,
  heading,
  paragraph,
  text,
  writePdf,
} from '@ssaem/documents';
import type { Plugin } from 'vite';

export const BROCHURE_LANGUAGES = ['ko', 'en'] as const;
export type BrochureLanguage = (typeof BROCHURE_LANGUAGES)[number];

type Texts = Record<string, unknown>;
/** A string at a dotted path of a locale file; a missing one fails the build rather than print a key. */
function at(texts: Texts, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);
  if (typeof value !== 'string') throw new Error(`brochure: no text at ${path}`);
  return value;
}
function keysAt(texts: Texts, path: string): string[] {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);
  if (!value || typeof value !== 'object') throw new Error(`brochure: no texts under ${path}`);
  return Object.keys(value);
}

export interface BrochureTexts {
  common: Texts;
  landing: Texts;
  site: Texts;
  about: Texts;
}

export function loadBrochureTexts(language: BrochureLanguage, localesDir: string): BrochureTexts {
  const read = (namespace: string) =>
    JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Texts;
  return { common: read('common'), landing: read('landing'), site: read('site'), about: read('about') };
}

/** "name — summary" lines: the tools and platform features as the landing page lists them. */
function catalogue(site: Texts, group: 'tools' | 'platform') {
  return bulletList(
    keysAt(site, group).map((key) => [
      bold(at(site, `${group}.${key}.name`)),
      text(` — ${at(site, `${group}.${key}.summary`)}`),
    ]),
  );
}

/**
 * The introduction brochure, written from the texts the public pages show (landing, about, the
 * tool catalogue), so it never says something the product does not: what Ssaem is, its tools,
 * what it keeps to, and the questions schools ask.
 */
export function brochureDocument({ common, landing, site, about }: BrochureTexts): DocumentNode {
  const principles = keysAt(about, 'about.principles.items').flatMap((key): BlockNode[] => [
    heading(3, at(about, `about.principles.items.${key}.title`)),
    paragraph(at(about, `about.principles.items.${key}.body`)),
  ]);
  const faq = keysAt(landing, 'faq.items').flatMap((key): BlockNode[] => [
    heading(3, at(landing, `faq.items.${key}.question`)),
    paragraph(at(landing, `faq.items.${key}.answer`)),
  ]);
  return doc(
    [
      paragraph([bold(at(common, 'app.name')), text(` · ${at(landing, 'hero.eyebrow')}`)]),
      heading(1, at(landing, 'hero.title')),
      paragraph(at(landing, 'hero.lead')),
      paragraph(at(landing, 'hero.trust')),
      heading(2, at(landing, 'features.title')),
      paragraph(at(landing, 'features.lead')),
      heading(3, at(landing, 'features.toolsTitle')),
      catalogue(site, 'tools'),
      heading(3, at(landing, 'features.platformTitle')),
      catalogue(site, 'platform'),
      heading(2, at(landing, 'privacy.title')),
      paragraph(at(landing, 'privacy.body')),
      heading(2, at(about, 'about.principles.title')),
      ...principles,
      heading(2, at(about, 'about.who.title')),
      paragraph(at(about, 'about.who.body')),
      { type: 'pageBreak' },
      heading(2, at(landing, 'faq.title')),
      ...faq,
      heading(2, at(landing, 'cta.title')),
      paragraph(at(about, 'contact.lead')),
    ],
    {
      title: `${at(common, 'app.name')} — ${at(landing, 'hero.title')}`,
      footer: `${at(common, 'app.name')} · {page}`,
    },
  );
}

export const brochureFileName = (language: BrochureLanguage) =>
  `downloads/ssaem-introduction-${language}.pdf`;

export function writeBrochure(texts: BrochureTexts): Promise<Uint8Array> {
  return writePdf(brochureDocument(texts), { creator: 'Ssaem' });
}

/**
 * Writes the introduction brochures (PDF, Korean font embedded) into the build, one per language,
 * from the locale files of this build: the brochure follows the product's texts with no file to
 * keep in step by hand.
 */
export function brochure(): Plugin {
  let localesDir = '';
  return {
    name: 'ssaem-brochure',
    apply: 'build',
    configResolved(config) {
      localesDir = join(config.root, 'src/locales');
    },
    async generateBundle() {
      for (const language of BROCHURE_LANGUAGES) {
        const bytes = await writeBrochure(loadBrochureTexts(language, localesDir));
        this.emitFile({ type: 'asset', fileName: brochureFileName(language), source: bytes });
      }
    },
  };
}
