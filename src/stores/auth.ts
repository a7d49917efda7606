import { atom } from 'nanostores';
import { api as defaultApi, cookie, type ApiClient } from '../lib/api/index.ts';

/** The user as /user/center/info returns it (spec §3 "User info"). */
export interface UserInfo {
  id: number;
  nickName: string;
  portrait: string | null;
  level: number;
  isAnchor: number;
  isExpert: number;
  [extra: string]: unknown;
}
export interface Balances {
  balance: number;
  ticket: number;
}

/** Spec §3 "Client user state": the atoms something reads (navList, todayList, emojiHead, atInfo and message have no reader). */
export const $auth = atom<string | null>(null);
export const $userInfo = atom<UserInfo | null>(null);
export const $balancesInfo = atom<Balances | null>(null);
export const $expertsInfo = atom<Record<string, unknown> | null>(null);
export const $showLoginModel = atom(false);

export function resetAuth(): void {
  $auth.set(null);
  $userInfo.set(null);
  $balancesInfo.set(null);
  $expertsInfo.set(null);
}

/**
 * Spec §4 "User info store": on code 200 set the user, then the balances; otherwise reset.
 * A failed fetch removes the token and resets.
 */
export async function fetchUserInfo(api: Pick<ApiClient, 'get'> = defaultApi): Promise<UserInfo | null> {
  try {
    const res = await api.get<UserInfo>('/user/center/info');
    const user = { ...res.data, level: res.data.level ?? 0 };
    $userInfo.set(user);
    await fetchBalances(api);
    return user;
  } catch {
    cookie.removeToken();
    resetAuth();
    return null;
  }
}

/** Balances are a separate call; a failure there leaves the user logged in without them. */
export async function fetchBalances(api: Pick<ApiClient, 'get'> = defaultApi): Promise<void> {
  try {
    const res = await api.get<Balances>('/pay/balances');
    $balancesInfo.set({ balance: res.data.balance, ticket: res.data.ticket });
  } catch {
    $balancesInfo.set(null);
  }
}

/** Spec §4 "Login modal": success stores the token, fetches the user info, and reloads the page. */
export async function completeLogin(
  token: string,
  keepLogin: boolean,
  reload: () => void = () => location.reload(),
) {
  cookie.writeToken(token, keepLogin);
  $auth.set(token);
  const user = await fetchUserInfo();
  // A first login by code made a fresh account: send it to finish its profile.
  if (user?.needsProfile) location.assign('/user/comFormPage');
  else if (user) reload();
  return user;
}

export function openLogin(): void {
  $showLoginModel.set(true);
}
