// npm run ledger:audit: recomputes every wallet from the trade records of DATABASE_URL, or of the
// embedded PGlite in DATA_DIR (a copy, so a running server is not disturbed). Exit 1 on any mismatch.
import { loadConfig } from '../../config.ts';
import { openForReading } from '../../db/read-only.ts';
import { AUDIT_CLEAN, auditFailed, describeMismatch } from '../../../lib/ops/ledger-audit.ts';
import { auditLedger } from './audit.ts';

const config = loadConfig();

const handle = await openForReading(config);
try {
  const mismatches = await auditLedger(handle.db);
  if (mismatches.length === 0) {
    console.log(AUDIT_CLEAN);
  } else {
    for (const m of mismatches) console.log(describeMismatch(m));
    console.log(auditFailed(mismatches.length));
    process.exitCode = 1;
  }
} catch (err) {
  const missing = (err as { cause?: { code?: string } }).cause?.code === '42P01'; // undefined_table
  console.log(missing ? '数据库里还没有钱包表：先运行 npm run db:migrate（或启动一次服务）。' : String(err));
  process.exitCode = 1;
} finally {
  await handle.close();
}
