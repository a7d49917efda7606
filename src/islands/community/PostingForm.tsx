import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, ApiFailure } from '../../lib/api/index.ts';
import { POST_RULES } from '../../lib/community/rules.ts';
import type { PostView } from '../../lib/community/types.ts';
import type { MatchBrief } from '../../lib/live/types.ts';
import { $postDraft, clearDraft, updateDraft } from '../../stores/post-draft.ts';
import { PictureStrip, type Uploading } from './PictureStrip.tsx';
import { uploadPicture } from './upload-picture.ts';

interface Props {
  circles: { id: number; name: string }[];
  isAnchor: boolean;
  /** From ?circleId / ?type of the page URL; they win over the draft's. */
  circleId: number | null;
  type: 1 | 2;
}

const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };

/** /v/posting: circle, text with a counter, pictures (progress, order), a linked match; the draft stays on this device until sent. */
export default function PostingForm(props: Props) {
  const draft = useStore($postDraft);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [matches, setMatches] = useState<MatchBrief[]>([]);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const length = [...draft.content.trim()].length;
  const room = POST_RULES.maxPictures - draft.pictures.length - uploading.length;

  useEffect(() => {
    if (props.circleId) updateDraft({ circleId: props.circleId, type: 1 });
    if (props.type === 2 && props.isAnchor) updateDraft({ type: 2 });
    api.get<MatchBrief[]>('/inform/post/matches').then(
      (r) => setMatches(r.data),
      () => setMatches([]),
    );
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
        updateDraft({ pictures: [...$postDraft.get().pictures, pic] });
      } catch (e) {
        setError(`${file.name}：${(e as Error).message}`);
      } finally {
        setUploading((u) => u.filter((x) => x.key !== key));
      }
    }
  }

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    if (draft.type === 1 && !draft.circleId) return setError('请选择要发布到的圈子');
    if (length < POST_RULES.minLength) return setError(`内容至少 ${POST_RULES.minLength} 个字`);
    setSending(true);
    try {
      const body = {
        type: draft.type,
        circleId: draft.type === 1 ? draft.circleId : undefined,
        content: draft.content,
        pictures: draft.pictures.map((p) => p.url),
        matchId: draft.matchId ?? undefined,
      };
      const res = await api.post<PostView>('/inform/post/addSave', body, JSON_HEADERS);
      clearDraft();
      location.href = `/community/post/${res.data.id}`;
    } catch (err) {
      setError(err instanceof ApiFailure ? err.msg : '发布失败，请稍后再试');
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} className="flex flex-col gap-4">
      {props.isAnchor && (
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">发布类型</legend>
          <label>
            <input
              type="radio"
              name="type"
              checked={draft.type === 1}
              onChange={() => updateDraft({ type: 1 })}
            />{' '}
            发布到圈子
          </label>
          <label>
            <input
              type="radio"
              name="type"
              checked={draft.type === 2}
              onChange={() => updateDraft({ type: 2 })}
            />{' '}
            主播动态（粉丝可见）
          </label>
        </fieldset>
      )}
      {draft.type === 1 && (
        <label className="flex items-center gap-2 text-sm">
          圈子
          <select
            name="circleId"
            className="input"
            value={draft.circleId ?? ''}
            onChange={(e) => updateDraft({ circleId: Number(e.target.value) || null })}
          >
            <option value="">请选择圈子</option>
            {props.circles.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
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
        <span className="text-xs text-ink-mute">草稿自动保存在本机，发布后清除</span>
        <button className="btn-primary" disabled={sending || uploading.length > 0}>
          {sending ? '发布中…' : '发布'}
        </button>
      </div>
    </form>
  );
}
