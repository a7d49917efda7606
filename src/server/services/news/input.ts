import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { TAG_KINDS, type TagKind } from '../../../lib/news/rules.ts';
import { badRequest } from '../../errors.ts';
import { field, text } from '../../fields.ts';

/** Readers of the editors' loose input (API bodies and the console's form alike), with the API's fields. */
const optionalId = (v: unknown) => field.idIfAny().parse(v);
const listOf = (v: unknown) => field.list().parse(v);

/** Tags as [{kind, refId}] (JSON) or as teamIds / matchIds / playerIds lists. */
export function tagsOf(input: Record<string, unknown>): { kind: TagKind; refId: number }[] {
  const out: { kind: TagKind; refId: number }[] = [];
  if (Array.isArray(input.tags)) {
    for (const t of input.tags as Record<string, unknown>[]) {
      const kind = text(t?.kind) as TagKind;
      const refId = optionalId(t?.refId);
      if (!(kind in TAG_KINDS) || !refId) throw badRequest('参数 tags 无效：格式不正确');
      out.push({ kind, refId });
    }
  }
  for (const kind of Object.keys(TAG_KINDS) as TagKind[]) {
    for (const v of listOf(input[`${kind}Ids`])) {
      const refId = optionalId(v);
      if (!refId) throw badRequest(`参数 ${kind}Ids 无效：格式不正确`);
      out.push({ kind, refId });
    }
  }
  return out.filter((t, i) => out.findIndex((x) => x.kind === t.kind && x.refId === t.refId) === i);
}

/** A publish time: absent = now; otherwise an ISO or "YYYY-MM-DD HH:mm" Beijing time. */
export function publishAtOf(v: unknown): Date | undefined {
  const s = text(v).trim();
  if (!s) return undefined;
  const local = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/.test(s) ? `${s.replace(' ', 'T')}:00+08:00` : s;
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) throw badRequest(NEWS_MSG.publishAtInvalid);
  return d;
}
