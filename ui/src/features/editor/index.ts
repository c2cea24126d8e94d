/** The editors' page (loaded lazily by app/App.tsx); the header asks whether to link it. */
import type { LoginInfo } from '@/api/types';

/** Whether the signed-in caller is an editor (the API checks again on every call). */
export function isEditor(info: Pick<LoginInfo, 'role'> | null | undefined): boolean {
  return info?.role === 'editor';
}
