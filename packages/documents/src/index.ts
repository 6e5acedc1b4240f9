export * from './document-error.ts';
export * from './document-model.ts';
export * from './file-name-sanitizer.ts';
export * from './file-type-sniffer.ts';
export * from './hwpx-reader.ts';
export * from './hwpx-writer.ts';
export type { ImageData, ImageResolver } from './image-source.ts';
export * from './limits.ts';
