/** One finding of the ledger audit (server: services/wallet/audit.ts; shown by the CLI and /ops/money/audit). */
export interface Mismatch {
  userId: number;
  /** balance: wallet ≠ Σ records; held: held 球票 ≠ pending withdrawals; chain: a record's balance_after ≠ running Σ. */
  kind: 'balance' | 'held' | 'chain';
  currency: 'diamond' | 'ticket';
  expected: number;
  actual: number;
  recordId?: number;
}

/** 用户 12  球钻  钱包余额 100，按流水应为 90 */
export function describeMismatch(m: Mismatch): string {
  const what = m.kind === 'held' ? '冻结球票' : m.currency === 'diamond' ? '球钻' : '球票';
  const where =
    m.kind === 'chain' ? `流水 #${m.recordId} 的变动后余额` : m.kind === 'held' ? '冻结数' : '钱包余额';
  return `用户 ${m.userId}  ${what}  ${where} ${m.actual}，按流水应为 ${m.expected}`;
}

export const AUDIT_CLEAN = '账本核对通过：所有余额与流水一致。';
export const auditFailed = (n: number) => `账本核对失败：${n} 处不一致。`;
