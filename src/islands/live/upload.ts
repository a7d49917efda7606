import { api } from '../../lib/api/index.ts';

/** Reads image files as data: URLs and uploads them (POST /api/upload/multiUploadBase64); returns their URLs. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const encoded = await Promise.all(
    files.map(
      (f) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(f);
        }),
    ),
  );
  const { data } = await api.post<string[]>(
    '/api/upload/multiUploadBase64',
    { files: encoded },
    { headers: { 'Content-Type': 'application/json' } },
  );
  return data;
}
