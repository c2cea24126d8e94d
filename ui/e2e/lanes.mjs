// Runs the browser test files on several stacks at once (deploy/e2e.sh starts one stack per lane): each lane
// takes the next file from one queue when its last file ends, so a slow file never holds the others back.
// Each stack has its own database, index and Redis database, so files on different lanes cannot see each
// other's writes; within a lane, files run one after another as before.
//
//   node e2e/lanes.mjs BASE_URL [BASE_URL...] -- FILE [FILE...]
//
// Longest files start first: their durations from the last run here (HUB_E2E_DURATIONS, under var/) or else
// from e2e/durations.json (committed, a fresh machine's guess); a file neither knows is guessed from its size at
// the known files' seconds per byte. A file's output is printed whole when it ends, under its name, so lanes
// never interleave lines; the run ends with the failing files and exits non-zero if any failed.
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const bases = args.slice(0, split);
const files = args.slice(split + 1);
if (split < 1 || files.length === 0) {
  console.error('usage: node e2e/lanes.mjs BASE_URL [BASE_URL...] -- FILE [FILE...]');
  process.exit(2);
}
const timesFile = process.env.HUB_E2E_DURATIONS;
const committed = new URL('./durations.json', import.meta.url);

function readTimes(path) {
  try {
    return path ? JSON.parse(readFileSync(path, 'utf8')) : {};
  } catch {
    return {};
  }
}

const known = { ...readTimes(committed), ...readTimes(timesFile) };
const knownFiles = files.filter((f) => known[basename(f)] !== undefined);
const msPerByte =
  knownFiles.reduce((sum, f) => sum + known[basename(f)], 0) / (knownFiles.reduce((sum, f) => sum + statSync(f).size, 0) || 1) || 1;
const weight = (file) => known[basename(file)] ?? statSync(file).size * msPerByte;
const queue = [...files].sort((a, b) => weight(b) - weight(a));
const times = { ...known };
const failed = [];

function runFile(file, base) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', file], {
      env: { ...process.env, HUB_BASE_URL: base },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      times[basename(file)] = Math.round(seconds * 1000);
      process.stdout.write(`\n--- ${file} on ${base}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s ---\n`);
      process.stdout.write(Buffer.concat(out));
      if (code !== 0) failed.push(file);
      resolve();
    });
  });
}

async function lane(base) {
  for (let file = queue.shift(); file; file = queue.shift()) await runFile(file, base);
}

const t0 = Date.now();
await Promise.all(bases.map(lane));
if (timesFile) writeFileSync(timesFile, JSON.stringify(times, null, 1));
const total = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`\n${files.length} browser test files on ${bases.length} lane(s) in ${total} s`);
if (failed.length) {
  console.log(`failed: ${failed.join(' ')}`);
  process.exit(1);
}
