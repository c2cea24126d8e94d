import { api } from '@/lib/requestApi';

/** The pictures the server takes (it checks the content itself; this only spares a pointless upload). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** POST /v1/uploads/image: the picture re-encoded and stored by the server; its URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  const { url } = await api.upload('/v1/uploads/image', form);
  return url;
}

/** The picture files among pasted or dropped ones. */
export function pictureFiles(files: FileList | null | undefined): File[] {
  return Array.from(files ?? []).filter((f) => PICTURE_TYPES.includes(f.type));
}
