import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CLASS_NAMES_ONLY, classNamesModule } from './scroll-bar-classes.ts';

describe('scrollBarClasses', () => {
  it("gives the AppShell's header, footer and aside the class names react-remove-scroll gives", async () => {
    const require = createRequire(import.meta.url);
    const constantsId = require.resolve('react-remove-scroll-bar/constants', {
      paths: [require.resolve('react-remove-scroll')],
    });
    const source = classNamesModule(constantsId);
    const url = `data:text/javascript,${encodeURIComponent(source.replace(constantsId, `file://${constantsId}`))}`;
    const replaced = (await import(/* @vite-ignore */ url)) as { RemoveScroll: { classNames: object } };
    const { RemoveScroll } = (await import('react-remove-scroll')) as {
      RemoveScroll: { classNames: object };
    };
    expect(replaced.RemoveScroll.classNames).toEqual(RemoveScroll.classNames);
  });

  it('stands in for the package in those three modules only', () => {
    const core = '/repo/node_modules/@mantine/core/esm/components';
    expect(CLASS_NAMES_ONLY.test(`${core}/AppShell/AppShellHeader/AppShellHeader.mjs`)).toBe(true);
    expect(CLASS_NAMES_ONLY.test(`${core}/AppShell/AppShellAside/AppShellAside.mjs`)).toBe(true);
    expect(CLASS_NAMES_ONLY.test(`${core}/ModalBase/ModalBase.mjs`)).toBe(false);
  });
});
