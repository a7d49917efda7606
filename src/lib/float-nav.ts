/** Spec §9: the go-to-top button appears after scrolling past 100 px. */
export const TOP_THRESHOLD = 100;
export const showGoTop = (scrollY: number) => scrollY > TOP_THRESHOLD;

/** Spec §2: the floating navigation is hidden on the live room route (and in the staff console, not a reader's page). */
export const floatNavHidden = (pathname: string) => /^\/(?:live\/room|ops)(\/|$)/.test(pathname);
