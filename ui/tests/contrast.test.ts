import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The colour tokens text is drawn in, read from the stylesheet itself, against the surfaces it sits on.
const css = readFileSync(join(__dirname, '..', 'src', 'styles', 'global.css'), 'utf8');
const tokens = Object.fromEntries([...css.matchAll(/--(c-[a-z0-9-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1], m[2]]));

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('colour contrast (WCAG AA, 4.5:1 for body-size text)', () => {
  const surfaces = ['#ffffff', tokens['c-fill'], tokens['c-bg']];
  it.each(['c-text', 'c-text-2', 'c-text-3', 'c-accent', 'c-hl', 'c-heat'])('%s on white, --c-fill and --c-bg', (name) => {
    expect(tokens[name], `${name} is defined`).toMatch(/^#/);
    for (const surface of surfaces) expect(contrast(tokens[name], surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('the accent on its soft background (selected tags, active rows)', () => {
    expect(contrast(tokens['c-accent'], tokens['c-accent-soft'])).toBeGreaterThanOrEqual(4.5);
  });

  it('the formula: black on white is 21:1, the old heat orange #ea580c failed', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ea580c', '#ffffff')).toBeLessThan(4.5);
  });
});
