import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useFilters } from './useFilters';

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ filters: useFilters(), location: useLocation() }), { wrapper });
}

describe('useFilters', () => {
  it('leaving the hot sort drops the time range from the URL', () => {
    const { result } = setup('/?sort=hot&time=week&label=llm');
    expect(result.current.filters.filters.time).toBe('week');
    act(() => result.current.filters.update({ sort: 'new' }));
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('sort')).toBe('new');
    expect(params.has('time')).toBe(false);
    expect(params.get('label')).toBe('llm');
  });

  it('choosing a time under the hot sort keeps it', () => {
    const { result } = setup('/?sort=hot');
    act(() => result.current.filters.update({ sort: 'hot', time: 'month' }));
    expect(new URLSearchParams(result.current.location.search).get('time')).toBe('month');
  });
});
