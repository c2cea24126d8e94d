// Prints the gzip size of the initial JavaScript (the entry script and its modulepreloads in dist/index.html).
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set();
for (const m of html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)) initial.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)) initial.add(m[1]);

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
let raw = 0;
let gz = 0;
const rows = [];
for (const file of initial) {
  const buf = readFileSync(join(dist, file));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push({ file, raw: buf.length, gzip: g });
}
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
let allGz = 0;
for (const f of all) allGz += gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length;

for (const r of rows) console.log(`  ${r.file}  ${kb(r.raw)}  gzip ${kb(r.gzip)}`);
console.log(`Initial JS: ${kb(raw)} raw, ${kb(gz)} gzip (${rows.length} files); all JS chunks: ${all.length} files, ${kb(allGz)} gzip`);
writeFileSync(join(dist, 'size-report.json'), JSON.stringify({ initial: rows, initialRaw: raw, initialGzip: gz, allChunks: all.length, allGzip: allGz }, null, 2));
