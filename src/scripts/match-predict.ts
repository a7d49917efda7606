import {
  WINNER_NAME,
  splitRows,
  totalName,
  type CrowdSplit,
  type TotalPick,
  type WinnerPick,
} from '../lib/predictions.ts';
import { whenMe } from './me.ts';
import { toast } from './page-actions.ts';
import { call } from './svc.ts';

interface Mine {
  winner: WinnerPick;
  total: TotalPick | null;
  totalLine: number | null;
}
interface Answer {
  mine: Mine | null;
  split: CrowdSplit | null;
}

/**
 * <match-predict data-match> (components/match/PredictionPanel.astro): marks the fan's own pick, sends a
 * pick or a change (POST /tj/prediction/pick) and draws the crowd's split that the answer carries. A
 * visitor's click opens the login dialog.
 */
class MatchPredict extends HTMLElement {
  private mine: Mine | null = null;

  connectedCallback() {
    this.addEventListener('click', (e) => {
      const btn = (e.target as Element).closest<HTMLButtonElement>('button[data-winner], button[data-total]');
      if (btn) void this.send(btn);
    });
    void whenMe().then(async (id) => {
      if (!id) return;
      const res = await call<Answer>('GET', `/tj/prediction/match?matchId=${this.dataset.match}`);
      if (res.code === 200) this.show(res.data);
    });
  }

  private async send(btn: HTMLButtonElement) {
    const winner = (btn.dataset.winner ?? this.mine?.winner) as WinnerPick | undefined;
    if (!winner) return toast('请先选择胜负');
    const total = btn.dataset.total ?? this.mine?.total ?? undefined;
    btn.disabled = true;
    const res = await call<Answer>('POST', '/tj/prediction/pick', {
      matchId: Number(this.dataset.match),
      winner,
      total,
    });
    btn.disabled = false;
    if (res.code === 401) {
      document.querySelector<HTMLElement>('[data-open-login]')?.click();
      return toast('登录后即可参与竞猜');
    }
    if (res.code !== 200) return toast(res.msg);
    this.show(res.data);
    toast('竞猜已提交，开赛前可以改选');
  }

  private show({ mine, split }: Answer) {
    this.mine = mine;
    for (const b of this.querySelectorAll<HTMLButtonElement>('button[data-winner], button[data-total]')) {
      const on = b.dataset.winner ? b.dataset.winner === mine?.winner : b.dataset.total === mine?.total;
      b.setAttribute('aria-pressed', String(on));
    }
    const label = this.querySelector<HTMLElement>('[data-mine]')!;
    label.hidden = !mine;
    if (mine) {
      const total = mine.total && mine.totalLine !== null ? `，${totalName(mine.total, mine.totalLine)}` : '';
      label.textContent = `我的竞猜：${WINNER_NAME[mine.winner]}${total}`;
    }
    if (split) {
      this.querySelector('[data-hint]')?.remove();
      drawSplit(this.querySelector('[data-split]')!, split);
    }
  }
}

/** The crowd's split as bars, from the panel's own row (SplitRow.astro, in its <template>). */
function drawSplit(list: Element, split: CrowdSplit) {
  const row = list.parentElement!.querySelector<HTMLTemplateElement>('template[data-split-row]')!;
  list.replaceChildren(
    ...splitRows(split).map((r) => {
      const li = row.content.firstElementChild!.cloneNode(true) as HTMLElement;
      li.querySelector('[data-label]')!.textContent = r.label;
      li.querySelector<HTMLElement>('[data-bar]')!.style.width = `${r.percent}%`;
      li.querySelector('[data-figure]')!.textContent = `${r.percent}% · ${r.count}人`;
      return li;
    }),
  );
}

if (!customElements.get('match-predict')) customElements.define('match-predict', MatchPredict);
