// npm run sms:outbox [-- N]: prints the latest N (default 10) codes the outbox provider "sent",
// from DATABASE_URL, or from the embedded PGlite in DATA_DIR.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

const TYPES: Record<number, string> = { 1: '注册', 2: '找回密码', 3: '登录', 4: '支付密码', 5: '绑定手机' };

const config = loadConfig();
const limit = Math.min(Math.max(Number(process.argv[2]) || 10, 1), 200);

// PGlite is one process's database: a running server may hold DATA_DIR/pg, so read a copy of it.
let snapshot: string | null = null;
let dataDir = config.dataDir;
if (!config.databaseUrl) {
  if (!existsSync(join(config.dataDir, 'pg'))) {
    console.log(`没有数据库：${join(config.dataDir, 'pg')} 不存在（先运行 npm start 或设置 DATABASE_URL）`);
    process.exit(1);
  }
  snapshot = mkdtempSync(join(tmpdir(), 'qyq-outbox-'));
  cpSync(join(config.dataDir, 'pg'), join(snapshot, 'pg'), { recursive: true });
  dataDir = snapshot;
}

const handle = await openDatabase({ url: config.databaseUrl, dataDir });
try {
  const rows = await handle.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
  if (rows.length === 0) console.log('短信发件箱是空的。');
  for (const r of rows) {
    const when = r.created.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
    console.log(`${when}  ${r.mobile}  ${TYPES[r.type] ?? r.type}  验证码 ${r.code}`);
  }
} catch (err) {
  const missing = (err as { cause?: { code?: string } }).cause?.code === '42P01'; // undefined_table
  console.log(missing ? '数据库里还没有 sms_outbox 表：先运行 npm run db:migrate（或启动一次服务）。' : String(err));
  process.exitCode = 1;
} finally {
  await handle.close();
  if (snapshot) rmSync(snapshot, { recursive: true, force: true });
}
