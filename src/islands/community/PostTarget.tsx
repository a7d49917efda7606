import type { PostDraft } from '../../stores/post-draft.ts';

interface Props {
  draft: PostDraft;
  circles: { id: number; name: string }[];
  isAnchor: boolean;
  update(patch: Partial<PostDraft>): void;
}

/** Where a new post goes: circle post or anchor dynamic (anchors only), and which circle. */
export function PostTarget({ draft, circles, isAnchor, update }: Props) {
  return (
    <>
      {isAnchor && (
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">发布类型</legend>
          <label>
            <input type="radio" name="type" checked={draft.type === 1} onChange={() => update({ type: 1 })} />{' '}
            发布到圈子
          </label>
          <label>
            <input type="radio" name="type" checked={draft.type === 2} onChange={() => update({ type: 2 })} />{' '}
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
            onChange={(e) => update({ circleId: Number(e.target.value) || null })}
          >
            <option value="">请选择圈子</option>
            {circles.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
