/** What the error page shows: the error's own status (default 500) and a message fit for users. */
export function describeError(error: unknown): { status: number; message: string } {
  const e = (error ?? {}) as { status?: unknown; statusCode?: unknown; message?: unknown; expose?: unknown };
  const raw = Number(e.status ?? e.statusCode);
  const status = Number.isInteger(raw) && raw >= 400 && raw < 600 ? raw : 500;
  // Internal failures keep their details in the log, not on the page.
  const message =
    status < 500 || e.expose === true ? String(e.message || '请求出错') : '服务器开小差了，请稍后再试';
  return { status, message };
}
