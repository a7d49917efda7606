import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CODE, MSG } from '../../../lib/messages.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/**
 * /svc/csp — where browsers report Content-Security-Policy violations (the pages' `report-uri`).
 * Browsers post `application/csp-report` or `application/reports+json`; either is logged as a
 * warning with the fields that locate the problem. Rate-limited per client so it cannot flood logs.
 */
export const cspReportRoutes = new Hono<GatewayEnv>();

const MAX_REPORT_BYTES = 16 * 1024;

cspReportRoutes.post(
  '/report',
  bodyLimit({
    maxSize: MAX_REPORT_BYTES,
    onError: () => {
      throw new ApiError(CODE.tooLarge, MSG.bodyTooLarge);
    },
  }),
  rateLimit({ name: 'csp-report', max: 20, windowMs: 60_000 }),
  async (c) => {
    const reports = parseReports(await c.req.text());
    for (const r of reports) c.var.app.log.warn({ reqId: c.var.requestId, csp: r }, 'csp violation');
    return ok(c, null);
  },
);

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
  line?: number;
  sample?: string;
}

const str = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Both report formats, reduced to a few bounded fields; anything else yields no report. */
export function parseReports(text: string): Violation[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const items = Array.isArray(body) ? body.map((r) => (r as { body?: unknown })?.body) : [body];
  const out: Violation[] = [];
  for (const item of items.slice(0, 10)) {
    if (!item || typeof item !== 'object') continue;
    // report-uri wraps the fields in "csp-report" with dashed names; the Reporting API uses camelCase.
    const r = ((item as Record<string, unknown>)['csp-report'] ?? item) as Record<string, unknown>;
    const directive = str(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive']);
    if (!directive) continue;
    out.push({
      page: str(r['document-uri'] ?? r.documentURL),
      directive,
      blocked: str(r['blocked-uri'] ?? r.blockedURL),
      source: str(r['source-file'] ?? r.sourceFile) || undefined,
      line: Number(r['line-number'] ?? r.lineNumber) || undefined,
      sample: str(r['script-sample'] ?? r.sample, 80) || undefined,
    });
  }
  return out;
}
