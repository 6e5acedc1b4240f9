/**
 * The parts of /edutech still waiting for their data in the prerendered page (`data-first-paint`
 * on their skeletons): the catalogue's first paint (first-paint.ts) fills them before the app is there.
 */
export const FIRST_PAINT_SLOT = { strip: 'edutech-strip', results: 'edutech-results' } as const;
