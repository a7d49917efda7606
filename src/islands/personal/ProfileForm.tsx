import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { SIGNATURE_MAX, birthdayError, nickNameError, signatureError } from '../../lib/validation.ts';
import { showZhDay, wireDay, ZH_DAY_FIELD } from '../../lib/zh-date.ts';
import NickField from '../auth/NickField.tsx';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import PortraitPicker from './PortraitPicker.tsx';
import { MSG } from '../../lib/messages.ts';

export interface ProfileValues {
  nickName: string;
  portrait: string | null;
  gender: number;
  birthday: string | null;
  signature: string;
}

/**
 * /v/personal-data (everything) and /user/comFormPage (`basic`: nickname and portrait only,
 * then on to `next`).
 */
export default function ProfileForm({
  initial,
  basic = false,
  next,
}: {
  initial: ProfileValues;
  basic?: boolean;
  next?: string;
}) {
  const [nickName, setNickName] = useState(initial.nickName);
  const [portrait, setPortrait] = useState(initial.portrait);
  const [gender, setGender] = useState(initial.gender);
  // Shown and typed as 年/月/日 (yyyy/mm/dd); sent as YYYY-MM-DD.
  const [birthday, setBirthday] = useState(showZhDay(initial.birthday ?? ''));
  const [signature, setSignature] = useState(initial.signature);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const name = nickName.trim();
    const problem =
      nickNameError(name) ??
      (basic ? null : (birthday && birthdayError(wireDay(birthday))) || signatureError(signature));
    if (problem) return setNotice({ text: problem, ok: false });
    setBusy(true);
    try {
      if (basic || name !== initial.nickName)
        await api.get('/user/center/updateNickName', { nickName: name });
      if (!basic)
        await api.post('/user/center/updateInfo', {
          gender,
          birthday: birthday && wireDay(birthday),
          signature,
        });
      if (next) return location.assign(next);
      setNotice({ text: MSG.profileSaved, ok: true });
    } catch (err) {
      setNotice({ text: failureText(err, MSG.saveFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  const row = 'grid gap-2 sm:grid-cols-[88px_1fr] sm:items-center';
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <div className={row}>
        <span className="text-sm text-ink-soft">头像</span>
        <PortraitPicker
          current={portrait}
          onSaved={(url) => {
            setPortrait(url);
            setNotice({ text: MSG.portraitSaved, ok: true });
          }}
        />
      </div>
      <div className={row}>
        <span className="text-sm text-ink-soft">昵称</span>
        <NickField value={nickName} onChange={setNickName} current={initial.nickName} />
      </div>
      {!basic && (
        <>
          <fieldset className={row}>
            <legend className="text-sm text-ink-soft float-left">性别</legend>
            <div className="flex gap-4 text-sm">
              {[
                [1, '男'],
                [2, '女'],
                [0, '保密'],
              ].map(([v, label]) => (
                <label key={v} className="flex items-center gap-1">
                  <input
                    type="radio"
                    name="gender"
                    checked={gender === v}
                    onChange={() => setGender(v as number)}
                    className="accent-[#0a7d4f]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className={row}>
            <span className="text-sm text-ink-soft">生日</span>
            <input
              {...ZH_DAY_FIELD}
              value={birthday}
              onChange={(e) => setBirthday(e.target.value)}
              className="h-10 w-48 rounded-md border border-line px-3 text-sm"
            />
          </label>
          <label className={row}>
            <span className="text-sm text-ink-soft">个性签名</span>
            <span>
              <textarea
                value={signature}
                maxLength={SIGNATURE_MAX}
                rows={3}
                onChange={(e) => setSignature(e.target.value)}
                placeholder="介绍一下自己，支持的球队、喜欢的球星…"
                className="w-full rounded-md border border-line p-3 text-sm"
              />
              <span className="block text-right text-xs text-ink-mute">
                {[...signature].length}/{SIGNATURE_MAX}
              </span>
            </span>
          </label>
        </>
      )}
      <Notice notice={notice} />
      <div>
        <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
          {busy ? '保存中…' : basic ? '完成' : '保存资料'}
        </button>
      </div>
    </form>
  );
}
