import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceProvider } from '@/hooks/useDevice';
import { TagFilterButton, useReportTotal } from '@/features/feed';
import { renderWithProviders } from '../../../tests/render';
import { HomeLayout } from './Layouts';

function List({ total }: { total: number }) {
  useReportTotal(total);
  return <TagFilterButton />;
}

describe('the tag drawer on phones', () => {
  afterEach(() => vi.restoreAllMocks());

  it('closes with 确定, which says how many items the chosen tags find', async () => {
    // signed out, no hot words: the header's calls answer empty
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 401, data: null, msg: '请先登录' }), { status: 401 })));
    renderWithProviders(
      <DeviceProvider value={{ isNarrow: true, isPhone: true, isPc: false }}>
        <HomeLayout><List total={12345} /></HomeLayout>
      </DeviceProvider>,
      { route: '/papers' },
    );
    await userEvent.click(screen.getByRole('button', { name: /标签筛选/ }));
    const drawer = screen.getByRole('dialog', { name: '标签筛选' });
    const done = within(drawer).getByRole('button', { name: '确定（1.23w 条）' });
    await userEvent.click(done);
    expect(screen.queryByRole('dialog', { name: '标签筛选' })).toBeNull();
  });
});
