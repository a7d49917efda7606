import { call } from './svc.ts';

/** One search result the picker offers: the id it adds and how it reads. */
interface Choice {
  id: number;
  title: string;
  subtitle: string;
}

interface SearchAll {
  matches: { id: number; kickoffAt: string; home: string; away: string; stateName: string }[];
  groups: { key: string; list: { kind: string; refId: number; title: string; subtitle: string }[] }[];
}

const DEBOUNCE_MS = 250;
const MAX_CHOICES = 8;

const kickoff = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ');

/** The site search (lookup=1: the editor's typing does not count towards the hot words). */
async function search(kind: 'team' | 'match', word: string): Promise<Choice[] | null> {
  const res = await call<SearchAll>('GET', `/api/search/all?lookup=1&val=${encodeURIComponent(word)}`);
  if (res.code !== 200) return null;
  const { data } = res;
  if (kind === 'match')
    return data.matches.map((m) => ({
      id: m.id,
      title: `${m.home} vs ${m.away}`,
      subtitle: `${kickoff(m.kickoffAt)} · ${m.stateName}`,
    }));
  const teams = data.groups.find((g) => g.key === 'teams')?.list ?? [];
  return teams.map((t) => ({ id: t.refId, title: t.title, subtitle: t.subtitle }));
}

const idsOf = (field: HTMLInputElement) => [
  ...new Set(
    field.value
      .split(/[,，\s]+/)
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0),
  ),
];

function wire(root: HTMLElement) {
  const kind = root.dataset.tagPicker as 'team' | 'match';
  const field = root.querySelector<HTMLInputElement>('[data-picker-ids]')!;
  const box = root.querySelector<HTMLInputElement>('[data-picker-search]')!;
  const results = root.querySelector<HTMLUListElement>('[data-picker-results]')!;
  const chosen = root.querySelector<HTMLUListElement>('[data-picker-chosen]')!;
  const note = root.querySelector<HTMLElement>('[data-picker-note]')!;
  const optionTpl = root.querySelector<HTMLTemplateElement>('template[data-picker-option]')!;
  const chipTpl = root.querySelector<HTMLTemplateElement>('template[data-picker-chip]')!;
  const names = new Map<number, string>(
    (JSON.parse(root.dataset.labels ?? '[]') as { refId: number; label: string }[]).map((l) => [
      l.refId,
      l.label,
    ]),
  );

  function showChosen() {
    chosen.replaceChildren(
      ...idsOf(field).map((id) => {
        const chip = chipTpl.content.firstElementChild!.cloneNode(true) as HTMLElement;
        const name = names.get(id);
        chip.querySelector('[data-title]')!.textContent = name ? `${name} #${id}` : `#${id}`;
        const remove = chip.querySelector<HTMLButtonElement>('[data-remove]')!;
        remove.setAttribute('aria-label', `移除 ${name ?? id}`);
        remove.addEventListener('click', () => {
          field.value = idsOf(field)
            .filter((x) => x !== id)
            .join(',');
          showChosen();
        });
        return chip;
      }),
    );
  }

  function close() {
    results.hidden = true;
    box.setAttribute('aria-expanded', 'false');
  }

  function pick(c: Choice) {
    names.set(c.id, c.title);
    field.value = [...idsOf(field).filter((x) => x !== c.id), c.id].join(',');
    box.value = '';
    close();
    showChosen();
    box.focus();
  }

  function show(list: Choice[]) {
    note.textContent = list.length ? '' : '没有找到，换个名字试试';
    results.replaceChildren(
      ...list.slice(0, MAX_CHOICES).map((c) => {
        const li = optionTpl.content.firstElementChild!.cloneNode(true) as HTMLElement;
        li.querySelector('[data-title]')!.textContent = c.title;
        li.querySelector('[data-subtitle]')!.textContent = c.subtitle;
        li.addEventListener('mousedown', (e) => e.preventDefault()); // keep the box focused
        li.addEventListener('click', () => pick(c));
        return li;
      }),
    );
    results.hidden = list.length === 0;
    box.setAttribute('aria-expanded', String(list.length > 0));
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  box.addEventListener('input', () => {
    clearTimeout(timer);
    const word = box.value.trim();
    if (!word) return close();
    timer = setTimeout(async () => {
      const turn = ++asked;
      const list = await search(kind, word);
      if (turn !== asked) return; // a later keystroke's answer wins
      if (list) show(list);
      else note.textContent = '搜索失败，请稍后再试';
    }, DEBOUNCE_MS);
  });
  box.addEventListener('keydown', (e) => {
    const options = [...results.querySelectorAll<HTMLElement>('[role=option]')];
    if (e.key === 'Escape') return close();
    if (e.key === 'Enter') {
      // Enter picks the highlighted (or only) result instead of submitting the article.
      e.preventDefault();
      (
        options.find((o) => o.getAttribute('aria-selected') === 'true') ??
        (options.length === 1 ? options[0] : null)
      )?.click();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = options.findIndex((o) => o.getAttribute('aria-selected') === 'true');
    const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length;
    options.forEach((o, i) => o.setAttribute('aria-selected', String(i === next)));
    options[next]?.scrollIntoView({ block: 'nearest' });
  });
  box.addEventListener('blur', close);
  field.addEventListener('change', showChosen);
  showChosen();
}

/** Wires every [data-tag-picker] on the page. */
export function wireTagPickers() {
  document.querySelectorAll<HTMLElement>('[data-tag-picker]').forEach(wire);
}
