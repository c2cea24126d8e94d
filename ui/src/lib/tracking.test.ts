import { afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_SIZE, FLUSH_DELAY, decodeBeacon, encodeBeacon, pageCode, tracker, type Beacon } from './tracking';

async function lines(blob: Blob): Promise<Beacon[]> {
  return (await blob.text()).split('\n').map(decodeBeacon);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('tracking beacons', () => {
  it('base64 of UTF-8 JSON, Chinese included, decodes back', () => {
    const beacon = { event: 'click', module_code: 'feed', action_code: 'open', story_ids: [3], page: { title: '大模型 - AI 社区' } } as unknown as Beacon;
    const line = encodeBeacon(beacon);
    expect(line).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeBeacon(line)).toEqual(beacon);
  });

  it.each([
    ['/', 'home'], ['/papers', 'papers'], ['/view/12', 'story_detail'], ['/view/examine/12', 'story_detail'],
    ['/paper/2401.1', 'paper_detail'], ['/users/3', 'user_home'], ['/users/edit', 'users_edit'], ['/search', 'search'],
  ])('page code of %s is %s', (path, code) => expect(pageCode(path)).toBe(code));

  it('batches: a full batch goes at once, the rest after a pause, each with visitor, page and user', async () => {
    vi.useFakeTimers();
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon, language: 'zh-CN' });
    tracker.setUser(() => ({ id: 7, name: '张三' }));
    for (let i = 1; i <= BATCH_SIZE + 2; i += 1) tracker.track({ event: 'exposure', module: 'feed', action: 'view', ids: { story_id: i } });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/v1/track');
    const first = await lines(blob);
    expect(first.map((b) => b.story_ids[0])).toEqual(Array.from({ length: BATCH_SIZE }, (_, i) => i + 1));
    // the server's beacon content (api/schemas/beacons.py): codes, id lists, the signed-in user
    expect(first[0]).toMatchObject({
      event: 'exposure', module_code: 'feed', action_code: 'view', page_code: 'home', user_id: 7, user_name: '张三',
      paper_ids: [], event_ids: [], project_ids: [],
    });
    expect(first[0].visitor_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first[0].page_id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
    expect(first[0].visitor_id).toBe(localStorage.getItem('hub:visitor'));
    expect(new Set(first.map((b) => b.page_id)).size).toBe(1);

    vi.advanceTimersByTime(FLUSH_DELAY);
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const rest = await lines((sendBeacon.mock.calls[1] as unknown as [string, Blob])[1]);
    expect(rest.map((b) => b.story_ids[0])).toEqual([BATCH_SIZE + 1, BATCH_SIZE + 2]);
  });

  it('a new page view gets a new page id; leaving the page sends what is queued', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    tracker.track({ event: 'click', module: 'feed', action: 'open', ids: { paper_id: 1 } });
    tracker.newPage();
    tracker.track({ event: 'duration', module: 'detail', action: 'read', ids: { paper_id: 1 }, duration: 1200 });
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const sent = await lines((sendBeacon.mock.calls[0] as unknown as [string, Blob])[1]);
    expect(sent.map((b) => b.event)).toEqual(['click', 'duration']);
    expect(sent[0].page_id).not.toBe(sent[1].page_id);
    expect(sent[1]).toMatchObject({ duration_ms: 1200, paper_ids: [1], story_ids: [] });
    expect(sent[0]).not.toHaveProperty('duration_ms');
  });
});
