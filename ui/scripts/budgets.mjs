// What each page costs in JavaScript, from Vite's manifest: the entry with everything it imports
// statically (what the first load waits for), and for every lazy chunk (a page, the chart) what
// opening it adds on top of the entry: the chunk and its static imports not already loaded.

/** Every manifest key `key` loads statically, itself included. */
export function closure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/** [{name, files, gzip}] for the entry and each lazy chunk; `sizeOf(file)` is a file's gzip size. */
export function chunkCosts(manifest, sizeOf) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = closure(manifest, entryKey);
  const cost = (keys) => {
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    return { files, gzip: files.reduce((sum, file) => sum + sizeOf(file), 0) };
  };
  const rows = [{ name: 'entry', ...cost(entry) }];
  for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry).sort()) {
    const own = [...closure(manifest, key)].filter((k) => !entry.has(k));
    rows.push({ name: key, ...cost(own) });
  }
  return rows;
}

/** The rows over their budget (kB gzip): `budgets.entry`, `budgets.chunks[name]`, else `budgets.chunk`. */
export function overBudget(rows, budgets) {
  return rows
    .map((row) => ({ ...row, budget: row.name === 'entry' ? budgets.entry : (budgets.chunks[row.name] ?? budgets.chunk) }))
    .filter((row) => row.gzip > row.budget * 1024);
}
