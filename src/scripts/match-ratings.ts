import { RATING_VALUES, bestText, fansText } from '../lib/ratings.ts';
import { whenMe } from './me.ts';
import { toast } from './page-actions.ts';
import { call } from './svc.ts';

interface Fans {
  playerId: number;
  average: number | null;
  count: number;
}
type Best = (Fans & { name: string }) | null;
interface Board {
  open: boolean;
  players: (Fans & { refusal: string | null })[];
  best: Best;
  mine: Record<string, number>;
}
interface Rated {
  notice: string | null;
  player: Fans;
  best: Best;
}

/** The fans' figure of a player wherever the page shows it (this section and the lineups). */
function showFans(p: Fans) {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-fans="${p.playerId}"]`))
    el.textContent = fansText(p.average, p.count);
}

/** 全场最佳 wherever the page shows it. */
function showBest(best: Best) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-best]')) el.textContent = bestText(best);
}

/**
 * <match-ratings data-match data-open?> (components/match/PlayerRatings.astro): for a logged-in fan, asks for
 * the fresh averages and the fan's own ratings (GET /live/rating/match), puts a 1–10 choice beside each player
 * who may be rated now and sends a rating or a change (POST /live/rating/rate). A visitor is offered the login
 * while the page says ratings are open.
 */
class MatchRatings extends HTMLElement {
  connectedCallback() {
    this.addEventListener('change', (e) => {
      const sel = (e.target as Element).closest<HTMLSelectElement>('select[data-rate]');
      if (sel?.value) void this.send(sel);
    });
    this.querySelector('[data-login]')?.addEventListener('click', () =>
      document.querySelector<HTMLElement>('[data-open-login]')?.click(),
    );
    void whenMe().then(async (id) => {
      // A visitor reads the page's own figures (at most a second old): only a fan asks for more.
      if (id === null) {
        this.querySelector('[data-login]')?.classList.remove('invisible');
        return;
      }
      const hint = this.querySelector('[data-rate-hint]');
      if (hint) hint.textContent = '在球员一行右侧选择分数即可评分';
      const res = await call<Board>('GET', `/live/rating/match?matchId=${this.dataset.match}`);
      if (res.code === 200) this.show(res.data);
    });
  }

  private show(board: Board) {
    board.players.forEach(showFans);
    showBest(board.best);
    if (!board.open) return;
    for (const p of board.players) {
      const row = this.querySelector<HTMLElement>(`[data-rating-row="${p.playerId}"]`);
      if (!row || p.refusal) continue;
      const sel = document.createElement('select');
      sel.dataset.rate = String(p.playerId);
      sel.className = 'rounded border border-line bg-white px-1 py-0.5 text-sm';
      sel.setAttribute('aria-label', `给${row.dataset.name}评分`);
      sel.add(new Option('评分', ''));
      for (const v of RATING_VALUES) sel.add(new Option(v.toFixed(1), String(v)));
      sel.value = board.mine[p.playerId] === undefined ? '' : String(board.mine[p.playerId]);
      row.querySelector('[data-rate-slot]')!.replaceChildren(sel);
    }
  }

  private async send(sel: HTMLSelectElement) {
    sel.disabled = true;
    const res = await call<Rated>('POST', '/live/rating/rate', {
      matchId: Number(this.dataset.match),
      playerId: Number(sel.dataset.rate),
      rating: Number(sel.value),
    });
    sel.disabled = false;
    if (res.code === 401) {
      document.querySelector<HTMLElement>('[data-open-login]')?.click();
      return toast('登录后即可为球员评分');
    }
    if (res.code !== 200) return toast(res.msg);
    showFans(res.data.player);
    showBest(res.data.best);
    toast(res.data.notice ?? '评分已提交，完场 24 小时内可以修改');
  }
}

if (!customElements.get('match-ratings')) customElements.define('match-ratings', MatchRatings);
