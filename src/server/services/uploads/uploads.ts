import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { badRequest } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';

export const UPLOAD_LIMITS = { files: 6, bytes: 5 * 1024 * 1024, longSide: 1600 } as const;

/** JPEG, PNG, GIF or WebP by the file's first bytes; the name or the data: prefix proves nothing. */
function isImage(b: Buffer): boolean {
  const ascii = (from: number, to: number) => b.subarray(from, to).toString('latin1');
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    ascii(0, 6) === 'GIF87a' ||
    ascii(0, 6) === 'GIF89a' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}

/** A base64 string, bare or as a data: URL, decoded; null when it is not base64 at all. */
function decode(file: string): Buffer | null {
  const body = file.replace(/^data:[\w/+.-]*;base64,/i, '').replace(/\s/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

export const WEBP_EFFORT = 2;

/** Image uploads: checked by content, re-encoded to WebP (no metadata, long side ≤ 1600 px), stored by hash. */
export function createUploadService(storage: StorageProvider) {
  const put = (webp: Buffer) =>
    storage.put(`${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`, webp, 'image/webp');
  async function reencode(bytes: Buffer): Promise<Buffer> {
    try {
      return await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate() // apply the EXIF orientation before the metadata goes
        .resize({
          width: UPLOAD_LIMITS.longSide,
          height: UPLOAD_LIMITS.longSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        // effort 2 (of 0–6): 2.5× faster than the default 4 for files ~15% larger; uploads
        // and the demo seed's pictures wait on it (issue: speed).
        .webp({ quality: 82, effort: WEBP_EFFORT })
        .toBuffer();
    } catch {
      throw badRequest(ACCOUNT_MSG.uploadNotImage); // image bytes at the start, garbage after
    }
  }

  return {
    storage,
    /** Returns one URL per file, in order. All files are checked before any is stored. */
    async images(files: string[]): Promise<string[]> {
      if (files.length === 0) throw badRequest(ACCOUNT_MSG.uploadEmpty);
      if (files.length > UPLOAD_LIMITS.files) throw badRequest(ACCOUNT_MSG.uploadTooMany);
      const decoded = files.map((f) => {
        const bytes = decode(f);
        if (!bytes || bytes.length === 0) throw badRequest(ACCOUNT_MSG.uploadNotImage);
        if (bytes.length > UPLOAD_LIMITS.bytes) throw badRequest(ACCOUNT_MSG.uploadTooLarge);
        if (!isImage(bytes)) throw badRequest(ACCOUNT_MSG.uploadNotImage);
        return bytes;
      });
      const webps: Buffer[] = [];
      for (const bytes of decoded) webps.push(await reencode(bytes)); // one at a time: sharp is CPU-bound
      return Promise.all(webps.map(put));
    },
    /** A WebP the server drew itself (a score card): stored as it is, with no check or re-encoding. */
    drawn: (webp: Buffer): Promise<string> => put(webp),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
