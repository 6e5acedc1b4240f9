import { describe, expect, it } from 'vitest';
import { chunksFor } from './download-only.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
  fileName,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe('chunksFor', () => {
  const chunks = [
    chunk('assets/index.js', ['/src/main.tsx']),
    chunk(
      'assets/home.js',
      ['/src/home-page.tsx'],
      ['assets/shared.js', 'assets/index.js'],
      ['assets/home.css'],
    ),
    chunk('assets/shared.js', ['/src/card.tsx'], ['assets/index.js', 'assets/Alert.js'], ['assets/card.css']),
    // Only a library's stylesheet: Vite removes the script and keeps the CSS with its importers.
    chunk('assets/Alert.js', ['/node_modules/@mantine/core/styles/Alert.css'], [], ['assets/Alert.css']),
    chunk('assets/shell.js', ['/src/shell.tsx', '/src/menu.tsx'], ['assets/shared.js']),
    chunk('assets/editor.js', ['/src/editor.tsx'], ['assets/index.js']),
  ];

  it('lists the chunks holding the targets with their static imports, then their stylesheets', () => {
    expect(chunksFor([/home-page\.tsx$/, /menu\.tsx$/], chunks)).toEqual([
      'assets/index.js',
      'assets/home.js',
      'assets/shared.js',
      'assets/shell.js',
      'assets/home.css',
      'assets/card.css',
      'assets/Alert.css',
    ]);
  });

  it('gives nothing when a target is in no chunk', () => {
    expect(chunksFor([/home-page\.tsx$/, /missing\.tsx$/], chunks)).toBeNull();
  });
});
