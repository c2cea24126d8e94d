import { Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_LINK, promptLink } from './RichEditor';
import { pictureFiles, uploadImage } from './uploadImage';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'hub_csrf=; max-age=0';
});

function editor() {
  const e = new Editor({ extensions: [StarterKit, Image], content: '<p>论文链接</p>' });
  e.commands.selectAll();
  return e;
}

describe('links in the editor', () => {
  it('an http(s) address becomes a link; anything else is refused with the report dialog\'s rule', async () => {
    const toast = await import('@/lib/toast');
    const shown = vi.spyOn(toast, 'toast');
    const e = editor();
    promptLink(e, () => 'javascript:alert(1)');
    expect(e.getHTML()).not.toContain('<a');
    expect(shown).toHaveBeenCalledWith(MSG_LINK, 'error');
    promptLink(e, () => 'https://arxiv.org/abs/2401.00001');
    expect(e.getHTML()).toContain('href="https://arxiv.org/abs/2401.00001"');
    promptLink(e, () => '');
    expect(e.getHTML()).not.toContain('<a');
    e.destroy();
  });
});

describe('picture uploads', () => {
  it('posts the file as multipart with the CSRF header and answers the stored URL', async () => {
    document.cookie = 'hub_csrf=token-9';
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, data: { url: '/media/uploads/ab.webp', width: 1, height: 1 }, msg: '' })));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    expect(await uploadImage(file)).toBe('/media/uploads/ab.webp');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/uploads\/image$/);
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-9');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('only pictures are taken from a paste or a drop', () => {
    const files = [new File(['x'], 'a.png', { type: 'image/png' }), new File(['x'], 'a.svg', { type: 'image/svg+xml' }), new File(['x'], 'a.txt', { type: 'text/plain' })];
    expect(pictureFiles(files as unknown as FileList).map((f) => f.name)).toEqual(['a.png']);
  });
});
