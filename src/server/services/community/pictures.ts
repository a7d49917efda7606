import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Picture } from '../../../lib/community/types.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { POST_RULES } from '../../../lib/community/rules.ts';
import { badRequest } from '../../errors.ts';
import { UPLOADS_PREFIX } from '../../providers/storage/storage.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { WEBP_EFFORT, type UploadService } from '../uploads/uploads.ts';

const THUMB_SIDE = 360;

/** The thumbnail of a stored picture has a name derived from the picture's, so a URL alone finds it. */
const thumbName = (name: string) =>
  `${createHash('sha256').update(`thumb:${name}`).digest('hex').slice(0, 32)}.webp`;

/**
 * Post pictures: the upload service checks the bytes and re-encodes to WebP without metadata;
 * here each also gets a 360 px thumbnail for the feeds.
 */
export function createPostPictures(uploads: UploadService, storage: StorageProvider) {
  async function thumbnail(url: string): Promise<string> {
    const name = storage.nameOf(url)!;
    const file = await storage.get(name);
    if (!file) throw badRequest(COMMUNITY_MSG.postPictureInvalid);
    const small = await sharp(file.data)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: 'centre' })
      .webp({ quality: 72, effort: WEBP_EFFORT })
      .toBuffer();
    return storage.put(thumbName(name), small, 'image/webp');
  }

  return {
    /** POST /inform/post/addPic/base64: stores up to 6 pictures per call; returns {url, thumb} in order. */
    async add(files: string[]): Promise<Picture[]> {
      if (files.length > POST_RULES.picturesPerUpload)
        throw badRequest(fill(COMMUNITY_MSG.postTooManyPictures, { max: POST_RULES.picturesPerUpload }));
      const urls = await uploads.images(files);
      const out: Picture[] = [];
      for (const url of urls) out.push({ url, thumb: await thumbnail(url) });
      return out;
    },

    /** A picture the server drew (the demo's score cards): stored as it is, with its thumbnail. */
    async addDrawn(webp: Buffer): Promise<Picture> {
      const url = await uploads.drawn(webp);
      return { url, thumb: await thumbnail(url) };
    },

    /** The pictures a post names: our own stored files only (never a foreign or javascript: URL). */
    async resolve(urls: string[]): Promise<Picture[]> {
      if (urls.length > POST_RULES.maxPictures)
        throw badRequest(fill(COMMUNITY_MSG.postTooManyPictures, { max: POST_RULES.maxPictures }));
      const out: Picture[] = [];
      for (const url of urls) {
        const name = storage.nameOf(url);
        if (!name) throw badRequest(COMMUNITY_MSG.postPictureInvalid);
        const thumb = storage.nameOf(UPLOADS_PREFIX + thumbName(name))!;
        if (!(await storage.get(thumb))) throw badRequest(COMMUNITY_MSG.postPictureInvalid);
        out.push({ url, thumb: UPLOADS_PREFIX + thumb });
      }
      return out;
    },
  };
}

export type PostPictures = ReturnType<typeof createPostPictures>;
