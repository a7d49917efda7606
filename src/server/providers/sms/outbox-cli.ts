// npm run sms:outbox [-- N]: prints the latest N (default 10) codes the outbox provider "sent",
// from DATABASE_URL, or from the embedded PGlite in DATA_DIR.
import { desc } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openForReading } from '../../db/read-only.ts';
import { smsOutbox } from '../../db/schema/index.ts';

const TYPES: Record<number, string> = {
  1: '注册',
  2: '找回密码',
  3: '登录',
  4: '支付密码',
  5: '绑定手机',
  6: '后台操作',
};

const config = loadConfig();
const limit = Math.min(Math.max(Number(process.argv[2]) || 10, 1), 200);

// PGlite is one process's database: a running server may hold DATA_DIR/pg, so read a copy of it.

const handle = await openForReading(config);
try {
  const rows = await handle.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
  if (rows.length === 0) console.log('短信发件箱是空的。');
  for (const r of rows) {
    const when = r.created.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
    console.log(`${when}  ${r.mobile}  ${TYPES[r.type] ?? r.type}  验证码 ${r.code}`);
  }
} catch (err) {
  const missing = (err as { cause?: { code?: string } }).cause?.code === '42P01'; // undefined_table
  console.log(
    missing ? '数据库里还没有 sms_outbox 表：先运行 npm run db:migrate（或启动一次服务）。' : String(err),
  );
  process.exitCode = 1;
} finally {
  await handle.close();
}
