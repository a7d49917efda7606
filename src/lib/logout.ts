/** Spec §4: after logout, pages under /v or /recommend go home; any other page reloads. */
export function afterLogoutTarget(pathname: string): 'home' | 'reload' {
  return /^\/(v|recommend)(\/|$)/.test(pathname) ? 'home' : 'reload';
}
