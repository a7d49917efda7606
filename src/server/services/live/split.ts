import { randomInt } from 'node:crypto';
import { RED_PACKET } from '../../../lib/live/rules.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { badRequest } from '../../errors.ts';

/**
 * Splits `total` 球钻 into `count` whole shares of at least 1 that sum to `total` exactly.
 * Equal: the same share each (the remainder spread one by one). Random (拼手气): each draw is
 * 1 … twice the average of what is left (the "double mean" rule), the last takes the rest, then
 * the order is shuffled so no position is luckier.
 */
export function splitRedPacket(
  total: number,
  count: number,
  mode: number,
  rand: (max: number) => number = randomInt,
): number[] {
  if (!Number.isInteger(count) || count < RED_PACKET.minCount || count > RED_PACKET.maxCount)
    throw badRequest(LIVE_MSG.redPacketCountRule);
  if (!Number.isInteger(total) || total < count || total > RED_PACKET.maxTotal)
    throw badRequest(LIVE_MSG.redPacketTotalRule);
  if (mode === RED_PACKET.modes.equal) {
    const base = Math.floor(total / count);
    return Array.from({ length: count }, (_, i) => base + (i < total % count ? 1 : 0));
  }
  if (mode !== RED_PACKET.modes.random) throw badRequest(LIVE_MSG.redPacketModeRule);
  const shares: number[] = [];
  let left = total;
  for (let n = count; n > 1; n--) {
    // Leave at least 1 for each of the others; never more than twice the mean of what is left.
    const max = Math.min(left - (n - 1), Math.floor((2 * left) / n) - 1);
    const share = max <= 1 ? 1 : 1 + rand(max);
    shares.push(share);
    left -= share;
  }
  shares.push(left);
  for (let i = shares.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [shares[i], shares[j]] = [shares[j], shares[i]];
  }
  return shares;
}
