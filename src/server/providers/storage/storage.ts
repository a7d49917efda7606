/** A stored file as the uploads handler serves it. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Names are content hashes (hex + extension), so a stored file never
 * changes and may be cached forever. A cloud bucket implements the same three methods.
 */
export interface StorageProvider {
  readonly name: string;
  /** Stores the bytes under `name` (idempotent) and returns the public URL. */
  put(name: string, data: Buffer, contentType: string): Promise<string>;
  get(name: string): Promise<StoredFile | null>;
  /** The stored name behind one of our URLs, or null when the URL is not ours. */
  nameOf(url: string): string | null;
}

/** Public URL prefix of uploads, served by src/server/http/uploads.ts. */
export const UPLOADS_PREFIX = '/uploads/';
export const STORED_NAME = /^[a-f0-9]{32}\.(webp)$/;

export const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

export function nameOfUploadUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const name = url.slice(UPLOADS_PREFIX.length);
  return STORED_NAME.test(name) ? name : null;
}
