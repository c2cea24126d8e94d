// Writes `<file>.br` and `<file>.gz` next to every compressible file in dist/ (JS, CSS, SVG, JSON),
// at the strongest levels: done once per build, so the server (api/static_files.py) sends the
// variant the browser accepts without compressing anything per request. A variant that would not
// be smaller is not written; pictures (already compressed) and the HTML shell (rendered per
// request, compressed by the API) are left out.
import { readdirSync, readFileSync, statSync, writeFileSync, unlinkSync } from 'node:fs';
import { join, dirname, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024; // below this the headers cost more than compression saves

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const variants = {
  '.br': (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
  '.gz': (buf) => gzipSync(buf, { level: 9 }),
};

let count = 0;
let raw = 0;
const total = { '.br': 0, '.gz': 0 };
for (const path of [...files(dist)]) {
  if (path.endsWith('.br') || path.endsWith('.gz')) {
    unlinkSync(path); // a leftover of an earlier build into the same folder
    continue;
  }
  if (!COMPRESSIBLE.has(extname(path)) || path.includes(`${join(dist, '.vite')}`)) continue;
  const buf = readFileSync(path);
  if (buf.length < MIN_BYTES) continue;
  count += 1;
  raw += buf.length;
  for (const [suffix, compress] of Object.entries(variants)) {
    const out = compress(buf);
    if (out.length >= buf.length) continue;
    writeFileSync(path + suffix, out);
    total[suffix] += out.length;
  }
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(`Precompressed ${count} files: ${kb(raw)} raw, ${kb(total['.br'])} brotli, ${kb(total['.gz'])} gzip`);
