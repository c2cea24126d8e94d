// Fails the build when the entry or a lazy chunk (a page, the chart) is over its gzip budget
// (budgets.json); prints every chunk's cost either way.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkCosts, overBudget } from './budgets.mjs';

const ui = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(ui, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgets = JSON.parse(readFileSync(join(ui, 'budgets.json'), 'utf8'));
const sizeOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const rows = chunkCosts(manifest, sizeOf);
const kb = (n) => (n / 1024).toFixed(1);
for (const row of rows) {
  const budget = row.name === 'entry' ? budgets.entry : (budgets.chunks[row.name] ?? budgets.chunk);
  console.log(`  ${row.name.padEnd(44)} ${kb(row.gzip).padStart(6)} kB gzip  (budget ${budget} kB)`);
}
const over = overBudget(rows, budgets);
if (over.length) {
  for (const row of over) console.error(`Over budget: ${row.name} is ${kb(row.gzip)} kB gzip, budget ${row.budget} kB (${row.files.join(', ')})`);
  process.exit(1);
}
console.log('JS budgets: every chunk within its budget');
