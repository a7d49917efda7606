// npm run ledger:audit: recomputes every wallet from the trade records of DATABASE_URL, or of the
// embedded PGlite in DATA_DIR (a copy, so a running server is not disturbed). Exit 1 on any mismatch.
import { loadConfig } from '../../config.ts';
import { openForReading } from '../../db/read-only.ts';
import { auditLedger, type Mismatch } from './audit.ts';

const config = loadConfig();

const describe = (m: Mismatch) => {
  const what = m.kind === 'held' ? '冻结球票' : m.currency === 'diamond' ? '球钻' : '球票';
  const where =
    m.kind === 'chain' ? `流水 #${m.recordId} 的变动后余额` : m.kind === 'held' ? '冻结数' : '钱包余额';
  return `用户 ${m.userId}  ${what}  ${where} ${m.actual}，按流水应为 ${m.expected}`;
};

const handle = await openForReading(config);
try {
  const mismatches = await auditLedger(handle.db);
  if (mismatches.length === 0) {
    console.log('账本核对通过：所有余额与流水一致。');
  } else {
    for (const m of mismatches) console.log(describe(m));
    console.log(`账本核对失败：${mismatches.length} 处不一致。`);
    process.exitCode = 1;
  }
} catch (err) {
  const missing = (err as { cause?: { code?: string } }).cause?.code === '42P01'; // undefined_table
  console.log(missing ? '数据库里还没有钱包表：先运行 npm run db:migrate（或启动一次服务）。' : String(err));
  process.exitCode = 1;
} finally {
  await handle.close();
}
