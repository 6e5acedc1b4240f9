import type { BlockNode, DocumentNode } from './document-model.ts';
import { HwpxHeader } from './hwpx-header.ts';
import { type BinImage, HwpxSectionWriter } from './hwpx-section.ts';
import { escapeXml, HWPML_NAMESPACES, XML_DECLARATION } from './hwpx-xml.ts';
import { collectImages, type ImageResolver } from './image-source.ts';
import { previewPng } from './preview-image.ts';

/**
 * HWPX (KS X 6101) export. Every part is generated, none copied from a template, and laid out the
 * way 한글 saves a file: `mimetype` first and stored, the OCF container files, content.hpf listing
 * every part and picture, header.xml with the reference tables, section0.xml with the body, the
 * settings, a text preview and a picture of the first page (preview-image.ts).
 */

export type HwpxWriteOptions = {
  /** Resolves image sources that are not data URLs (stored files). */
  resolveImage?: ImageResolver;
  /** Author recorded in the package metadata. */
  creator?: string;
  /** Creation time recorded in the package metadata (tests pin it). */
  now?: Date;
};

export const HWPX_MIME_TYPE = 'application/hwp+zip';

// Zip timestamps as 한글 writes them; also makes the output reproducible.
const ZIP_DATE = new Date(1980, 0, 1, 0, 0, 0);

const MEDIA_TYPES: Record<string, { extension: string; mediaType: string }> = {
  png: { extension: 'png', mediaType: 'image/png' },
  jpeg: { extension: 'jpg', mediaType: 'image/jpg' },
  gif: { extension: 'gif', mediaType: 'image/gif' },
  bmp: { extension: 'bmp', mediaType: 'image/bmp' },
};

export async function writeHwpx(document: DocumentNode, options: HwpxWriteOptions = {}): Promise<Uint8Array> {
  const images = await storedImages(document.content, options.resolveImage);
  const header = new HwpxHeader();
  const section = new HwpxSectionWriter(header, images);
  const sectionXmls = section.sectionXmls(document);
  // header.xml last: the sections register the character and paragraph shapes they use.
  const headerXml = header.toXml(sectionXmls.length, section.hasMemos());

  // Loaded with the first export (JSZip and pako, 0.4 MB of code).
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const add = (name: string, data: string | Uint8Array, store = false) =>
    zip.file(name, data, { compression: store ? 'STORE' : 'DEFLATE', createFolders: false, date: ZIP_DATE });
  // OCF rule: mimetype is the first entry and is not compressed, so it can be read at a fixed offset.
  add('mimetype', HWPX_MIME_TYPE, true);
  add('version.xml', versionXml());
  add('Contents/header.xml', headerXml);
  const binImages = [...images.values()];
  // Pictures are already compressed; deflating them again only costs time.
  for (const image of binImages) add(image.path, image.bytes, true);
  for (const [index, xml] of sectionXmls.entries()) add(`Contents/section${index}.xml`, xml);
  add('Preview/PrvText.txt', section.previewText());
  // Already deflated inside the PNG.
  add('Preview/PrvImage.png', previewPng(document), true);
  add('settings.xml', settingsXml());
  add('META-INF/container.rdf', containerRdf(sectionXmls.length));
  add('Contents/content.hpf', contentHpf(document, binImages, sectionXmls.length, options));
  add('META-INF/container.xml', containerXml());
  add(
    'META-INF/manifest.xml',
    `${XML_DECLARATION}<odf:manifest xmlns:odf="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>`,
  );
  const bytes = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
  return requireZip20(bytes);
}

/**
 * JSZip records "version needed to extract" as 1.0 even for deflated entries; 한글 writes 2.0,
 * which is what deflate needs, so strict readers get the value they expect.
 */
function requireZip20(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = bytes.length - 22;
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  if (eocd < 0) return bytes;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  for (let i = 0; i < count && view.getUint32(offset, true) === 0x02014b50; i++) {
    view.setUint16(offset + 6, 20, true);
    const local = view.getUint32(offset + 42, true);
    if (view.getUint32(local, true) === 0x04034b50) view.setUint16(local + 4, 20, true);
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
  return bytes;
}

async function storedImages(
  nodes: BlockNode[],
  resolver: ImageResolver | undefined,
): Promise<Map<string, BinImage>> {
  const out = new Map<string, BinImage>();
  let count = 0;
  for (const [src, image] of await collectImages(nodes, resolver)) {
    const media = MEDIA_TYPES[image.info.format];
    if (!media) continue;
    const id = `image${++count}`;
    out.set(src, {
      id,
      path: `BinData/${id}.${media.extension}`,
      mediaType: media.mediaType,
      bytes: image.bytes,
      info: image.info,
    });
  }
  return out;
}

function versionXml(): string {
  return `${XML_DECLARATION}<hv:HCFVersion xmlns:hv="http://www.hancom.co.kr/hwpml/2011/version" tagetApplication="WORDPROCESSOR" major="5" minor="1" micro="0" buildNumber="1" os="1" xmlVersion="1.2" application="Hancom Office Hangul" appVersion="10, 0, 0, 5060 WIN32LEWindows_8"/>`;
}

function settingsXml(): string {
  return `${XML_DECLARATION}<ha:HWPApplicationSetting xmlns:ha="http://www.hancom.co.kr/hwpml/2011/app" xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0"><ha:CaretPosition listIDRef="0" paraIDRef="0" pos="0"/></ha:HWPApplicationSetting>`;
}

function containerXml(): string {
  return (
    `${XML_DECLARATION}<ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:hpf="http://www.hancom.co.kr/schema/2011/hpf"><ocf:rootfiles>` +
    '<ocf:rootfile full-path="Contents/content.hpf" media-type="application/hwpml-package+xml"/>' +
    '<ocf:rootfile full-path="Preview/PrvText.txt" media-type="text/plain"/>' +
    '<ocf:rootfile full-path="META-INF/container.rdf" media-type="application/rdf+xml"/>' +
    '</ocf:rootfiles></ocf:container>'
  );
}

function containerRdf(sections: number): string {
  const pkg = 'http://www.hancom.co.kr/hwpml/2016/meta/pkg#';
  const part = (path: string, type: string) =>
    `<rdf:Description rdf:about=""><ns0:hasPart xmlns:ns0="${pkg}" rdf:resource="${path}"/></rdf:Description>` +
    `<rdf:Description rdf:about="${path}"><rdf:type rdf:resource="${pkg}${type}"/></rdf:Description>`;
  return (
    `${XML_DECLARATION}<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    part('Contents/header.xml', 'HeaderFile') +
    Array.from({ length: sections }, (_, index) => part(`Contents/section${index}.xml`, 'SectionFile')).join(
      '',
    ) +
    `<rdf:Description rdf:about=""><rdf:type rdf:resource="${pkg}Document"/></rdf:Description></rdf:RDF>`
  );
}

const koreanDate = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'full',
  timeStyle: 'medium',
  timeZone: 'Asia/Seoul',
});

function contentHpf(
  document: DocumentNode,
  images: BinImage[],
  sections: number,
  options: HwpxWriteOptions,
): string {
  const sectionIds = Array.from({ length: sections }, (_, index) => `section${index}`);
  const now = options.now ?? new Date();
  const iso = now.toISOString().replace(/\.\d+Z$/, 'Z');
  const creator = escapeXml(options.creator ?? '');
  const title = document.attrs?.title
    ? `<opf:title>${escapeXml(document.attrs.title)}</opf:title>`
    : '<opf:title/>';
  const items = [
    '<opf:item id="header" href="Contents/header.xml" media-type="application/xml"/>',
    ...images.map(
      (image) =>
        `<opf:item id="${image.id}" href="${image.path}" media-type="${image.mediaType}" isEmbeded="1"/>`,
    ),
    ...sectionIds.map(
      (id) => `<opf:item id="${id}" href="Contents/${id}.xml" media-type="application/xml"/>`,
    ),
    '<opf:item id="settings" href="settings.xml" media-type="application/xml"/>',
  ];
  return (
    `${XML_DECLARATION}<opf:package ${HWPML_NAMESPACES} version="" unique-identifier="" id="">` +
    `<opf:metadata>${title}<opf:language>ko</opf:language>` +
    `<opf:meta name="creator" content="text">${creator}</opf:meta><opf:meta name="subject" content="text"/>` +
    '<opf:meta name="description" content="text"/>' +
    `<opf:meta name="CreatedDate" content="text">${iso}</opf:meta><opf:meta name="ModifiedDate" content="text">${iso}</opf:meta>` +
    `<opf:meta name="date" content="text">${escapeXml(koreanDate.format(now))}</opf:meta><opf:meta name="keyword" content="text"/>` +
    `</opf:metadata><opf:manifest>${items.join('')}</opf:manifest>` +
    `<opf:spine><opf:itemref idref="header" linear="yes"/>${sectionIds.map((id) => `<opf:itemref idref="${id}" linear="yes"/>`).join('')}</opf:spine></opf:package>`
  );
}
