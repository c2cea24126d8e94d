import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../tests/render';
import { SideNav } from './SideNav';
import { TAG_GROUPS, tagEnabled } from '@/lib/tags';

const loc = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');
const labelsInUrl = () => new URLSearchParams(loc().split('?')[1] ?? '').get('label')?.split(',') ?? [];
const section = (title: string) => screen.getByRole('region', { name: title });

describe('SideNav', () => {
  it('renders the tag groups with 5 tags shown before expanding', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideNav type="story" showFooter={false} />);
    const tech = section('技术领域');
    expect(within(tech).getAllByRole('button', { pressed: false })).toHaveLength(5);
    await user.click(within(tech).getByRole('button', { name: /展开更多/ }));
    expect(within(tech).getAllByRole('button', { pressed: false })).toHaveLength(14);
    expect(within(tech).getByRole('button', { name: /收起/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('toggles a tag in the URL query and keeps other parameters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideNav type="story" showFooter={false} />, { route: '/?sort=hot&page=3' });
    await user.click(screen.getByRole('button', { name: '大模型' }));
    expect(labelsInUrl()).toEqual(['llm']);
    expect(loc()).toContain('sort=hot');
    expect(loc()).not.toContain('page=');
    expect(screen.getByRole('button', { name: '大模型' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '大模型' }));
    expect(labelsInUrl()).toEqual([]);
  });

  it("select-all selects a whole section, shows '已选 (n/total)' and '重新选择' clears it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideNav type="story" showFooter={false} />);
    const hot = TAG_GROUPS[0];
    const total = TAG_GROUPS.reduce((n, g) => n + g.children.filter((t) => tagEnabled(t, 'story')).length, 0);
    expect(screen.queryByText(/已选/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '全选热门话题' }));
    expect(labelsInUrl()).toEqual(hot.children.map((t) => t.id));
    expect(screen.getByRole('checkbox', { name: '全选热门话题' })).toBeChecked();
    expect(screen.getByText(`已选 (${hot.children.length}/${total})`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重新选择' }));
    expect(labelsInUrl()).toEqual([]);
    expect(screen.queryByText(/已选/)).not.toBeInTheDocument();
  });

  it('shows the selected line only with more than one tag, and a partial section as indeterminate', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideNav type="story" showFooter={false} />, { route: '/?label=rag' });
    expect(screen.getByRole('button', { name: 'RAG' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/已选/)).not.toBeInTheDocument();
    expect((screen.getByRole('checkbox', { name: '全选热门话题' }) as HTMLInputElement).indeterminate).toBe(true);
    await user.click(screen.getByRole('button', { name: 'AIGC' }));
    expect(screen.getByText(/已选 \(2\/\d+\)/)).toBeInTheDocument();
    // unselect all of the section
    await user.click(screen.getByRole('checkbox', { name: '全选热门话题' }));
    await user.click(screen.getByRole('checkbox', { name: '全选热门话题' }));
    expect(labelsInUrl()).toEqual([]);
  });

  it('reads the selection from the URL (repeated or comma-separated)', () => {
    renderWithProviders(<SideNav type="story" showFooter={false} />, { route: '/?label=llm,agent&label=cv' });
    expect(screen.getByText(/已选 \(3\//)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '计算机视觉' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('disables tags without a known origin for the content type', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideNav type="paper" showFooter={false} />);
    const others = section('其他');
    await user.click(within(others).getByRole('button', { name: /展开更多/ }));
    expect(within(others).getByRole('button', { name: '融资' })).toBeDisabled();
    await user.click(within(others).getByRole('button', { name: '融资' }));
    expect(labelsInUrl()).toEqual([]);
    // select-all skips disabled tags
    await user.click(within(others).getByRole('checkbox', { name: '全选其他' }));
    expect(labelsInUrl()).not.toContain('funding');
    expect(labelsInUrl()).toContain('policy');
  });
});
