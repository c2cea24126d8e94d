// The table of bench/RESULTS.md "Web delivery" from the Lighthouse reports of bench/lighthouse.sh:
// per page and form factor the median performance score of the runs, every run's score, and the
// median run's metrics.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const groups = new Map();
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const [page, form] = file.split('-');
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const key = `${page} ${form}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(report);
}
const ms = (r, id) => `${(r.audits[id].numericValue / 1000).toFixed(2)} s`;
const score = (r) => Math.round(r.categories.performance.score * 100);
console.log('| page | form | median score | runs | FCP | LCP | TBT | CLS | transfer |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [key, reports] of groups) {
  const sorted = [...reports].sort((a, b) => score(a) - score(b));
  const median = sorted[Math.floor(sorted.length / 2)];
  const [page, form] = key.split(' ');
  const tbt = `${Math.round(median.audits['total-blocking-time'].numericValue)} ms`;
  const cls = median.audits['cumulative-layout-shift'].numericValue.toFixed(3);
  const kib = `${(median.audits['total-byte-weight'].numericValue / 1024).toFixed(0)} KiB`;
  console.log(`| ${page} | ${form} | **${score(median)}** | ${reports.map(score).join(', ')} | ${ms(median, 'first-contentful-paint')} | ${ms(median, 'largest-contentful-paint')} | ${tbt} | ${cls} | ${kib} |`);
}
