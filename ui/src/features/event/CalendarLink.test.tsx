import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DeviceProvider, type DeviceState } from '@/hooks/useDevice';
import { subscribeToasts, type Toast } from '@/lib/toast';
import { UNSUPPORTED_BROWSER } from './calendar';
import { CalendarLink } from './CalendarLink';

const event = { id: 9, oldName: '周末工作坊', start_time: '2026-12-05T06:00:00Z', end_time: '2026-12-05T08:00:00Z' };

function clickOn(device: Partial<DeviceState>) {
  let shown: Toast[] = [];
  const stop = subscribeToasts((t) => { shown = t; });
  render(<DeviceProvider value={device}><CalendarLink event={event} /></DeviceProvider>);
  const link = screen.getByRole('link', { name: '添加到日历' });
  const allowed = fireEvent.click(link); // false when the click's default (the download) was prevented
  stop();
  return { link, allowed, shown: shown.map((t) => t.text) };
}

describe('CalendarLink', () => {
  afterEach(cleanup);

  it("an iPhone outside Safari gets the spec's message instead of a download", () => {
    const { allowed, shown } = clickOn({ isiPhone: true, isSafari: false, isWeChat: false, isPc: false, isPhone: true });
    expect(allowed).toBe(false);
    expect(shown).toContain(UNSUPPORTED_BROWSER);
  });

  it('Safari on an iPhone, and a desktop browser, download the .ics', () => {
    for (const device of [{ isiPhone: true, isSafari: true, isPc: false }, { isiPhone: false, isSafari: false, isPc: true }]) {
      const { link, allowed } = clickOn(device);
      expect(allowed).toBe(true);
      expect(link).toHaveAttribute('download', '周末工作坊.ics');
      expect(link.getAttribute('href')).toContain('/v1/story/subscription/?');
      cleanup();
    }
  });

  it('inside WeChat (on an iPhone too) the link goes to /wxDownload, which explains the file', () => {
    const { link, allowed } = clickOn({ isiPhone: true, isSafari: false, isWeChat: true, isPc: false });
    expect(allowed).toBe(true);
    expect(link.getAttribute('href')).toMatch(/^\/wxDownload\?/);
    expect(link).not.toHaveAttribute('download');
  });
});
