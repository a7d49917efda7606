import { isApiError } from '../../errors.ts';
import { publishAtOf, tagsOf } from './input.ts';
import type { NewsServices } from './index.ts';

const MAX_FILE = 5 * 1024 * 1024;
const str = (f: FormData, k: string) => {
  const v = f.get(k);
  return typeof v === 'string' ? v : '';
};

/** A picked file as a data URL for the upload service (which checks it is an image). */
async function fileOf(f: FormData, k: string): Promise<string | null> {
  const v = f.get(k);
  if (!v || typeof v === 'string' || v.size === 0) return null;
  if (v.size > MAX_FILE) throw Object.assign(new Error('图片不能超过 5MB'), { console: true });
  return `data:${v.type};base64,${Buffer.from(await v.arrayBuffer()).toString('base64')}`;
}

/**
 * The console's article form (works without JavaScript): uploads the cover and body pictures it
 * carries, saves (a published article's change waits as a pending draft), then publishes now / at a
 * time, takes the article down, or throws the pending draft away, as the pressed button says.
 * Returns the article id, or the Chinese message to show.
 */
export async function submitArticleForm(
  news: NewsServices,
  actor: { id: number; nickName: string },
  form: FormData,
): Promise<{ id: number; error?: undefined } | { id?: number; error: string }> {
  const id = Number(str(form, 'id')) || undefined;
  try {
    if (id && str(form, 'action') === 'revert') {
      await news.editor.revert(actor, id);
      return { id };
    }
    const coverFile = await fileOf(form, 'coverFile');
    const cover = coverFile ? (await news.editor.images([coverFile]))[0] : str(form, 'cover');
    let body = str(form, 'body');
    const picture = await fileOf(form, 'picture');
    if (picture)
      body += `\n\n![${str(form, 'pictureAlt') || '配图'}](${(await news.editor.images([picture]))[0]})`;
    const input = Object.fromEntries(['teamIds', 'matchIds', 'playerIds'].map((k) => [k, str(form, k)]));
    const saved = await news.editor.save(actor, {
      id,
      columnId: Number(str(form, 'columnId')),
      title: str(form, 'title'),
      summary: str(form, 'summary'),
      cover: cover || null,
      body,
      tags: tagsOf(input),
    });
    const action = str(form, 'action');
    if (action === 'publish') await news.editor.publish(actor, saved.id, publishAtOf(str(form, 'publishAt')));
    if (action === 'unpublish') await news.editor.unpublish(actor, saved.id);
    return { id: saved.id };
  } catch (err) {
    if (isApiError(err) || (err as { console?: boolean }).console)
      return { id, error: (err as Error).message };
    throw err;
  }
}
