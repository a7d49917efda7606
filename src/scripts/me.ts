/**
 * Who is logged in, as the header knows it. A logged-in fan's copy of a shared page comes with an
 * empty header part (`<me-slot data-fill>`, src/server/http/fan-copy.ts) that fills itself from
 * /parts/me; a page rendered for the fan has it filled already. Islands that show a fan's own state
 * on a shared page (follow stars, …) wait for this rather than read it from the markup at once.
 */
const FILLED = 'qyq:me';

/** The fan's id from a filled header part (the unread badge carries it), or null for a visitor. */
function idIn(root: ParentNode): number | null {
  const id = root.querySelector<HTMLElement>('notice-badge[data-user]')?.dataset.user;
  return id ? Number(id) : null;
}

/** Resolves with the logged-in fan's id, or null for a visitor, once the header part is filled. */
export function whenMe(): Promise<number | null> {
  const slot = document.querySelector('me-slot');
  if (!slot?.hasAttribute('data-fill')) return Promise.resolve(idIn(document));
  return new Promise((resolve) =>
    document.addEventListener(FILLED, () => resolve(idIn(document)), { once: true }),
  );
}

/**
 * Fills an empty header part with the fan's own, rendered for them by /parts/me (which also drops
 * a token that logs nobody in, leaving the login button). On a failed call the slot stays empty:
 * the next page tries again.
 */
export async function fillMe(slot: HTMLElement): Promise<void> {
  try {
    const res = await fetch('/parts/me', { credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) return;
    const template = document.createElement('template');
    template.innerHTML = await res.text();
    const part = template.content.querySelector('me-slot');
    if (part) slot.replaceChildren(...part.childNodes);
  } finally {
    slot.removeAttribute('data-fill');
    document.dispatchEvent(new Event(FILLED));
  }
}
