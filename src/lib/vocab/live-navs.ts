/**
 * Live-room categories (/svc/api/nav/list). The ids are the spec's: /live/1 football, /live/2
 * basketball; /live/all shows every category.
 */
export const LIVE_NAVS = [
  { id: 1, name: '足球', slug: 'football' },
  { id: 2, name: '篮球', slug: 'basketball' },
  { id: 3, name: '电竞', slug: 'esports' },
  { id: 4, name: '其他', slug: 'other' },
] as const;

export type LiveNavId = (typeof LIVE_NAVS)[number]['id'];

export const isLiveNavId = (n: unknown): n is LiveNavId => LIVE_NAVS.some((nav) => nav.id === n);

export const liveNavName = (id: number): string => LIVE_NAVS.find((n) => n.id === id)?.name ?? '其他';
