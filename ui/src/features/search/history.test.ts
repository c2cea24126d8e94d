import { describe, expect, it } from 'vitest';
import { addHistory, readHistory } from './history';

describe('search history', () => {
  it('is newest first without duplicates', () => {
    addHistory('a');
    addHistory('b');
    addHistory('a');
    addHistory('  c  ');
    expect(readHistory()).toEqual(['c', 'a', 'b']);
  });
  it('ignores blank text and keeps 10', () => {
    addHistory('   ');
    for (let i = 0; i < 15; i += 1) addHistory(`q${i}`);
    expect(readHistory()).toHaveLength(10);
    expect(readHistory()[0]).toBe('q14');
  });
});
