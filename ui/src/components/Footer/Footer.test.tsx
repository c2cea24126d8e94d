import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { SITE_JSON_ID } from '@/lib/site';
import { Footer } from './Footer';

const SITE = {
  name: '示例社区', description: '示例描述', phone: '010-12345678', email: 'team@hub.example.cn', icp: '京ICP备12345678号-2',
  icp_url: 'https://beian.miit.gov.cn/', guidelines_url: 'https://hub.example.cn/rules',
  group: { name: '社区小助手', qr_url: 'https://hub.example.cn/assistant' },
};

function shell(site: object | null) {
  document.getElementById(SITE_JSON_ID)?.remove();
  if (!site) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SITE_JSON_ID;
  script.textContent = JSON.stringify(site);
  document.head.appendChild(script);
}

const withClient = (ui: JSX.Element) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

afterEach(() => {
  shell(null);
  vi.unstubAllGlobals();
});

describe('footer', () => {
  it('shows the configuration the server wrote into the shell, without a request', () => {
    shell(SITE);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    withClient(<Footer />);
    const footer = screen.getByRole('contentinfo', { name: '页脚' });
    for (const text of ['010-12345678', 'team@hub.example.cn', '京ICP备12345678号-2', '加入社群']) expect(footer).toHaveTextContent(text);
    expect(within(footer).getByRole('link', { name: '社区规范' })).toHaveAttribute('href', 'https://hub.example.cn/rules');
    expect(within(footer).getByRole('link', { name: 'team@hub.example.cn' })).toHaveAttribute('href', 'mailto:team@hub.example.cn');
    expect(within(footer).getByTitle('社区小助手二维码')).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} 示例社区 版权所有`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks GET /v1/site when the shell has none (the dev server)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 0, data: SITE, msg: '' }))));
    withClient(<Footer />);
    expect(await screen.findByRole('contentinfo', { name: '页脚' })).toHaveTextContent('010-12345678');
    expect(fetch).toHaveBeenCalledWith('/api/v1/site', expect.anything());
  });
});

describe('page head', () => {
  function Page({ title, description, image }: { title?: string; description?: string | null; image?: string | null }) {
    useDocumentTitle(title, { description, image });
    return null;
  }

  it('keeps the title, description and Open Graph tags in step with the page', () => {
    shell(SITE);
    const { rerender } = render(<Page title="<b>大模型</b>" description="一篇文章" image="/media/demo/cover-01.webp" />);
    expect(document.title).toBe('<b>大模型</b> - 示例社区');
    const meta = (key: string) => document.head.querySelector<HTMLMetaElement>(`meta[property="${key}"], meta[name="${key}"]`)?.content;
    expect(meta('og:title')).toBe('<b>大模型</b>');
    expect(meta('description')).toBe('一篇文章');
    expect(meta('og:description')).toBe('一篇文章');
    expect(meta('og:image')).toBe(`${window.location.origin}/media/demo/cover-01.webp`);
    rerender(<Page title="论文" />);
    expect(document.title).toBe('论文 - 示例社区');
    expect(meta('og:description')).toBe('示例描述');
    expect(meta('og:image')).toBeUndefined();
  });
});
