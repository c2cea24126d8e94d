/** Calendar files: the API's .ics of an event, and the /wxDownload page WeChat's browser needs for it. */
import type { EventInfo } from '@/api/types';
import { config } from '@/lib/config';

/** GET /v1/story/subscription/ for an event (the stored event wins; the rest names the file). */
export function calendarFileUrl(event: Pick<EventInfo, 'id' | 'oldName' | 'start_time' | 'end_time'>): string {
  const params = new URLSearchParams({ id: String(event.id), title: event.oldName, start_time: event.start_time, end_time: event.end_time });
  return `${config.apiBase}/v1/story/subscription/?${params.toString()}`;
}

/** The spec's message for a calendar file on an iPhone outside Safari (which cannot open an .ics). */
export const UNSUPPORTED_BROWSER = '该浏览器不支持打开本文件，请选择其他浏览器';

/** Inside WeChat a file cannot be downloaded directly: the /wxDownload page explains and links it. */
export function calendarLink(event: Pick<EventInfo, 'id' | 'oldName' | 'start_time' | 'end_time'>, inWeChat: boolean): string {
  const file = calendarFileUrl(event);
  if (!inWeChat) return file;
  return `/wxDownload?${new URLSearchParams({ name: event.oldName, fileUrl: file }).toString()}`;
}

/** Only files of this very site are offered by /wxDownload (no open redirect to another host or scheme). */
export function sameSiteFile(fileUrl: string, origin: string = window.location.origin): string | null {
  if (!fileUrl || fileUrl.startsWith('//') || fileUrl.includes('\\')) return null;
  try {
    const url = new URL(fileUrl, origin);
    if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
