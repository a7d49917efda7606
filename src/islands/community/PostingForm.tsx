import { useStore } from '@nanostores/preact';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { POST_RULES } from '../../lib/community/rules.ts';
import type { PostView } from '../../lib/community/types.ts';
import type { MatchBrief } from '../../lib/live/types.ts';
import { $postDraft, clearDraft, movePicture, type PostDraft } from '../../stores/post-draft.ts';
import { PictureStrip, type Uploading } from './PictureStrip.tsx';
import { PostTarget } from './PostTarget.tsx';
import { uploadPicture } from './upload-picture.ts';
import { MSG, fill } from '../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../lib/community/messages.ts';

interface Props {
  circles: { id: number; name: string }[];
  isAnchor: boolean;
  /** From ?circleId / ?type of the page URL; they win over the draft's. */
  circleId: number | null;
  type: 1 | 2;
  /** Editing a post (/v/posting?postId=…): its current text, pictures and match; kept off the device draft. */
  editing?: {
    id: number;
    kind: 1 | 2;
    circleName: string | null;
    draft: PostDraft;
    match: MatchBrief | null;
  };
}

const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };

/**
 * /v/posting: circle, text with a counter, pictures (progress, order), a linked match; the draft stays
 * on this device until sent. With `editing` it changes that post instead (same rules, no device draft).
 */
export default function PostingForm(props: Props) {
  const { editing } = props;
  const [store] = useState(() => (editing ? atom<PostDraft>(editing.draft) : $postDraft));
  const draft = useStore(store);
  const updateDraft = (patch: Partial<PostDraft>) => store.set({ ...store.get(), ...patch });
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [matches, setMatches] = useState<MatchBrief[]>([]);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const length = [...draft.content.trim()].length;
  const room = POST_RULES.maxPictures - draft.pictures.length - uploading.length;

  useEffect(() => {
    if (!editing && props.circleId) updateDraft({ circleId: props.circleId, type: 1 });
    if (!editing && props.type === 2 && props.isAnchor) updateDraft({ type: 2 });
    // The post's own match stays choosable even when it is older than the picker's window.
    const own = editing?.match ? [editing.match] : [];
    api.get<MatchBrief[]>('/inform/post/matches').then(
      (r) => setMatches([...own, ...r.data.filter((m) => m.id !== editing?.match?.id)]),
      () => setMatches(own),
    );
    // Once, on mount: the props are the page's starting values, not inputs to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function addFiles(files: FileList | null) {
    setError('');
    const chosen = [...(files ?? [])].slice(0, Math.max(0, room));
    if (files && files.length > chosen.length) setError(`最多上传 ${POST_RULES.maxPictures} 张图片`);
    for (const file of chosen) {
      const key = `${file.name}-${Math.random()}`;
      setUploading((u) => [...u, { key, name: file.name, progress: 0 }]);
      try {
        const pic = await uploadPicture(file, (progress) =>
          setUploading((u) => u.map((x) => (x.key === key ? { ...x, progress } : x))),
        );
        updateDraft({ pictures: [...store.get().pictures, pic] });
      } catch (e) {
        setError(`${file.name}：${(e as Error).message}`);
      } finally {
        setUploading((u) => u.filter((x) => x.key !== key));
      }
    }
  }

  async function send(e: React.SubmitEvent) {
    e.preventDefault();
    setError('');
    if (!editing && draft.type === 1 && !draft.circleId) return setError(COMMUNITY_MSG.postNeedsCircle);
    if (length < POST_RULES.minLength)
      return setError(fill(COMMUNITY_MSG.postTooShort, { min: POST_RULES.minLength }));
    setSending(true);
    try {
      const body = {
        type: draft.type,
        circleId: draft.type === 1 ? draft.circleId : undefined,
        content: draft.content,
        pictures: draft.pictures.map((p) => p.url),
        matchId: draft.matchId ?? undefined,
      };
      const res = editing
        ? await api.post<PostView>(
            '/inform/post/edit',
            {
              postId: editing.id,
              content: body.content,
              pictures: body.pictures,
              matchId: draft.matchId ?? 0,
            },
            JSON_HEADERS,
          )
        : await api.post<PostView>('/inform/post/addSave', body, JSON_HEADERS);
      if (!editing) clearDraft();
      location.href = `/community/post/${res.data.id}`;
    } catch (err) {
      setError(failureText(err, MSG.publishFailed));
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} className="flex flex-col gap-4">
      {editing ? (
        <p className="text-sm text-ink-soft">
          {editing.kind === 2 ? '主播动态' : `发布于 ${editing.circleName ?? ''}圈`}
          （修改内容和图片，圈子不变）
        </p>
      ) : (
        <PostTarget draft={draft} circles={props.circles} isAnchor={props.isAnchor} update={updateDraft} />
      )}
      <div>
        <label htmlFor="post-content" className="sr-only">
          帖子内容
        </label>
        <textarea
          id="post-content"
          name="content"
          rows={8}
          className="input w-full"
          placeholder="聊聊比赛、分享观点，@昵称 可以提到球友"
          value={draft.content}
          maxLength={POST_RULES.maxLength}
          onChange={(e) => updateDraft({ content: e.target.value })}
        />
        <p
          className={`text-right text-xs ${length > POST_RULES.maxLength ? 'text-accent' : 'text-ink-mute'}`}
          aria-live="polite"
        >
          {length}/{POST_RULES.maxLength}
        </p>
      </div>
      <PictureStrip
        pictures={draft.pictures}
        uploading={uploading}
        onRemove={(i) => updateDraft({ pictures: draft.pictures.filter((_, j) => j !== i) })}
        onMove={(i, step) => movePicture(i, step, store)}
      />
      {room > 0 && (
        <label className="btn-ghost self-start cursor-pointer">
          添加图片（还可 {room} 张）
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="sr-only"
            onChange={(e) => {
              void addFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      )}
      <label className="flex flex-wrap items-center gap-2 text-sm">
        关联比赛
        <select
          name="matchId"
          className="input max-w-full"
          value={draft.matchId ?? ''}
          onChange={(e) => updateDraft({ matchId: Number(e.target.value) || null })}
        >
          <option value="">不关联</option>
          {matches.map((m) => (
            <option key={m.id} value={m.id}>
              {m.competition} {m.home} vs {m.away}（{m.stateName}）
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-ink-mute">
          {editing ? '保存后帖子会标注“已编辑”' : '草稿自动保存在本机，发布后清除'}
        </span>
        <button className="btn-primary" disabled={sending || uploading.length > 0}>
          {sending ? (editing ? '保存中…' : '发布中…') : editing ? '保存修改' : '发布'}
        </button>
      </div>
    </form>
  );
}
