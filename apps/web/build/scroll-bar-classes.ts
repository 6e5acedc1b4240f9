import type { Plugin } from 'vite';

/**
 * Mantine's AppShell header, footer and aside import `react-remove-scroll` for two class names only
 * (`RemoveScroll.classNames.zeroRight`, which keeps them clear of the scroll bar while a dialog locks
 * the page). The package and its helpers (side car, style singleton, tslib: about 10 kB, 3.5 kB
 * gzip) would then download with every signed-in screen (bench/bundle.mjs), though only dialogs and
 * drawers use them, and those load later. These three modules get the class names alone, read from
 * the same constants `react-remove-scroll` uses, so the names cannot drift apart.
 */
export const CLASS_NAMES_ONLY =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/;

const VIRTUAL_ID = '\0ssaem-remove-scroll-class-names';

/** The module those three import instead: `RemoveScroll` with its `classNames` and nothing else. */
export function classNamesModule(constantsId: string): string {
  return [
    `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(constantsId)};`,
    'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
  ].join('\n');
}

export function scrollBarClasses(): Plugin {
  let constantsId = '';
  return {
    name: 'ssaem-scroll-bar-classes',
    apply: 'build',
    // Before Vite's own resolver, which would find the package.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'react-remove-scroll' || !importer || !CLASS_NAMES_ONLY.test(importer)) return null;
      if (!constantsId) {
        // Resolved from react-remove-scroll itself: the very file its RemoveScroll.classNames reads.
        const removeScroll = await this.resolve(source, importer, { skipSelf: true });
        const constants =
          removeScroll && (await this.resolve('react-remove-scroll-bar/constants', removeScroll.id));
        if (!constants) return null;
        constantsId = constants.id;
      }
      return VIRTUAL_ID;
    },
    load(id) {
      return id === VIRTUAL_ID ? classNamesModule(constantsId) : null;
    },
  };
}
