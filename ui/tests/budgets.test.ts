import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script (scripts/budgets.mjs), no type declarations
import { chunkCosts, overBudget } from '../scripts/budgets.mjs';

const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/Page.tsx'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_shared.js': { file: 'assets/shared-c.js', imports: ['_react.js'] },
  'src/Page.tsx': { file: 'assets/Page-d.js', isDynamicEntry: true, imports: ['index.html', '_shared.js'], css: ['assets/Page-e.css'] },
  'src/Chart.tsx': { file: 'assets/Chart-f.js', isDynamicEntry: true, imports: ['_react.js'] },
};
const sizes: Record<string, number> = { 'assets/index-a.js': 50_000, 'assets/react-b.js': 40_000, 'assets/shared-c.js': 3_000, 'assets/Page-d.js': 2_000, 'assets/Chart-f.js': 25_000 };

describe('JS budgets', () => {
  const rows = chunkCosts(manifest, (file: string) => sizes[file]);

  it('counts the entry with its static imports, and each lazy chunk without what the entry already loaded', () => {
    expect(rows).toEqual([
      { name: 'entry', files: ['assets/index-a.js', 'assets/react-b.js'], gzip: 90_000 },
      { name: 'src/Chart.tsx', files: ['assets/Chart-f.js'], gzip: 25_000 },
      { name: 'src/Page.tsx', files: ['assets/Page-d.js', 'assets/shared-c.js'], gzip: 5_000 },
    ]);
  });

  it('names every chunk over its own budget or the default one', () => {
    const over = overBudget(rows, { entry: 80, chunk: 4, chunks: { 'src/Chart.tsx': 30 } });
    expect(over.map((row: { name: string }) => row.name)).toEqual(['entry', 'src/Page.tsx']);
    expect(overBudget(rows, { entry: 100, chunk: 5, chunks: { 'src/Chart.tsx': 30 } })).toEqual([]);
  });
});
