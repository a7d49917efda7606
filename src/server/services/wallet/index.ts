import { createPii } from '../../pii.ts';
import { createPaymentProviders } from '../../providers/payment/index.ts';
import type { createAccountServices } from '../accounts/index.ts';
import type { ServiceDeps } from '../deps.ts';
import { createOpsLog } from '../ops/log.ts';
import { createCardService } from './cards.ts';
import { createGiftService } from './gifts.ts';
import { createLedger } from './ledger.ts';
import { createNobilityService } from './nobility.ts';
import { createPayPasswordService } from './pay-password.ts';
import { createRechargeService } from './recharge.ts';
import { createRecordService } from './records.ts';
import { createSandboxCashier } from './sandbox-cashier.ts';
import { createWithdrawalService } from './withdrawals.ts';

type AccountServices = ReturnType<typeof createAccountServices>;

/**
 * The wallet (docs/wallet.md): the ledger, which every feature that moves 球钻 or 球票 must go
 * through, and the features built on it.
 */
export function createWalletServices(deps: ServiceDeps, accounts: AccountServices) {
  const { db, log } = deps;
  const pii = createPii(deps.appSecret);
  const providers = createPaymentProviders(deps.appSecret, deps.config.payment);
  const ledger = createLedger(db);
  const recharge = createRechargeService({ db, ledger, providers, log });
  const cards = createCardService({ db, pii, realName: accounts.realName });
  const payPassword = createPayPasswordService({ db, keys: accounts.keys, codes: accounts.codes });
  const realNameVerified = async (userId: number) => (await accounts.realName.get(userId)).status === 1;
  const nobility = createNobilityService({ db, ledger });
  return {
    ledger,
    recharge,
    cashier: createSandboxCashier({ recharge, providers }),
    records: createRecordService(db),
    cards,
    payPassword,
    withdrawals: createWithdrawalService({
      db,
      ledger,
      cards,
      payPassword,
      pii,
      opsLog: createOpsLog(db),
      realNameVerified,
      withdrawalsOff: deps.config.payment.withdrawalsOff,
    }),
    nobility,
    gifts: createGiftService({ db, ledger, nobility }),
  };
}

export type WalletServices = ReturnType<typeof createWalletServices>;
