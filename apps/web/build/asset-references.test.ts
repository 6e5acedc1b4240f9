import { describe, expect, it } from 'vitest';
import { missingAssets } from './asset-references.ts';

describe('missingAssets', () => {
  const written = new Set(['assets/home-Cnczl0TD.js', 'assets/Alert-BEf1j1tJ.css']);
  it('finds the names a script gives that the build did not write, once each', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/home-Cnczl0TD.js","assets/Alert-D-F_zdWo.js","assets/Alert-BEf1j1tJ.css","assets/Alert-D-F_zdWo.js"])))';
    expect(missingAssets(code, (name) => written.has(name))).toEqual(['assets/Alert-D-F_zdWo.js']);
  });

  it('finds nothing when every name is a file', () => {
    expect(missingAssets('import("./assets/home-Cnczl0TD.js")', (name) => written.has(name))).toEqual([]);
  });
});
