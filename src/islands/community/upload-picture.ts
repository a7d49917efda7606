import { readToken } from '../../lib/api/cookie.ts';
import type { Picture } from '../../lib/community/types.ts';
import { MSG } from '../../lib/messages.ts';

const readAsDataUrl = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(f);
  });

/**
 * POST /inform/post/addPic/base64 for one picture, reporting upload progress (0–1). XMLHttpRequest,
 * because fetch cannot tell how much of a request body has gone.
 */
export async function uploadPicture(file: File, onProgress: (p: number) => void): Promise<Picture> {
  const body = JSON.stringify({ files: [await readAsDataUrl(file)] });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/svc/inform/post/addPic/base64');
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('accessToken', readToken() ?? '');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        const res = JSON.parse(xhr.responseText) as { code: number; msg: string; data: Picture[] };
        if (res.code === 200) resolve(res.data[0]);
        else reject(new Error(res.msg));
      } catch {
        reject(new Error(MSG.uploadRetry));
      }
    };
    xhr.onerror = () => reject(new Error(MSG.networkFailed));
    xhr.send(body);
  });
}
