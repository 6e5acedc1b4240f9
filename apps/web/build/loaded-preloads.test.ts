import { describe, expect, it } from 'vitest';
import { loadedPreloads, staticClosure } from './loaded-preloads.ts';

const IMPORTS = new Map<string, string[]>([
  ['assets/signed-in.js', ['assets/index.js', 'assets/shared.js']],
  ['assets/shared.js', ['assets/index.js', 'assets/runtime.js']],
  ['assets/index.js', ['assets/runtime.js']],
  ['assets/users-page.js', ['assets/index.js', 'assets/shared.js', 'assets/modal.js']],
]);

/** Runs the plugin's bundle hook on chunks with these imports. */
function withBundle() {
  const preloads = loadedPreloads();
  const bundle = Object.fromEntries(
    [...IMPORTS].map(([fileName, imports]) => [fileName, { type: 'chunk', fileName, imports }]),
  );
  const hook = preloads.plugin.generateBundle as { handler: (options: unknown, bundle: unknown) => void };
  hook.handler({}, bundle);
  return preloads;
}

describe('loadedPreloads', () => {
  it('follows static imports to any depth', () => {
    expect([...staticClosure('assets/signed-in.js', IMPORTS)].sort()).toEqual([
      'assets/index.js',
      'assets/runtime.js',
      'assets/shared.js',
      'assets/signed-in.js',
    ]);
  });

  it('leaves out of a lazy import what the importing chunk has loaded, keeps the rest', () => {
    const { resolveDependencies } = withBundle();
    const deps = ['assets/users-page.js', 'assets/index.js', 'assets/shared.js', 'assets/modal.js'];
    expect(
      resolveDependencies('assets/users-page.js', deps, { hostId: 'assets/signed-in.js', hostType: 'js' }),
    ).toEqual(['assets/users-page.js', 'assets/modal.js']);
  });

  it('keeps the list as it is for the HTML and for a chunk it does not know', () => {
    const { resolveDependencies } = withBundle();
    const deps = ['assets/index.js', 'assets/modal.js'];
    expect(resolveDependencies('x', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
    expect(resolveDependencies('x', deps, { hostId: 'assets/other.js', hostType: 'js' })).toEqual(deps);
  });
});
