import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BODY_RULES } from '@/api/rules';
import { renderWithProviders } from '../../../tests/render';
import { SubmitPaper } from './SubmitPaper';

function mockFetch(answer: { code: number; msg: string; data: unknown; status?: number }) {
  const fn = vi.fn(async (input: RequestInfo | URL, _init: RequestInit = {}) => {
    if (String(input).startsWith('/api/v1/users')) return new Response(JSON.stringify({ code: 0, data: { id: 9, name: '我' }, msg: '' }));
    return new Response(JSON.stringify(answer), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('提交论文', () => {
  it('a click before the session probe answers waits for it: a member is not sent to sign in', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn((input: RequestInfo | URL) =>
      String(input).startsWith('/api/v1/users')
        ? new Promise<Response>((resolve) => { answer = resolve; })
        : Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: null }))),
    );
    vi.stubGlobal('fetch', fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<SubmitPaper />);
    await userEvent.click(screen.getByRole('button', { name: '提交' })); // the probe is still out
    answer(new Response(JSON.stringify({ code: 0, data: { id: 9, name: '我' }, msg: '' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(BODY_RULES.PaperSubmitBody.arxiv.messages.required);
    expect(assign).not.toHaveBeenCalled();
  });

  it("says the server's message for empty input and sends nothing", async () => {
    const fetch = mockFetch({ code: 0, msg: '', data: null });
    renderWithProviders(<SubmitPaper />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BODY_RULES.PaperSubmitBody.arxiv.messages.required);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/paper/submit'))).toBe(false);
  });

  it('submits the number and opens the paper', async () => {
    const fetch = mockFetch({ code: 0, msg: '提交成功', data: { id: 42, arxiv_id: '2611.07777', created: true } });
    renderWithProviders(
      <Routes>
        <Route path="/papers/daily" element={<SubmitPaper />} />
        <Route path="/paper/:id" element={<p>论文页 42</p>} />
      </Routes>,
      { route: '/papers/daily' },
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await userEvent.type(screen.getByLabelText('提交论文'), ' https://arxiv.org/abs/2611.07777v1 ');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('论文页 42')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/v3/paper/submit'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ arxiv: 'https://arxiv.org/abs/2611.07777v1' });
  });
});
