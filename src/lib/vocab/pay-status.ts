/** States of recharge orders and withdrawal requests, with the words the pages show. */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  expired: '已过期',
};

export const WITHDRAW_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
export const WITHDRAW_STATUS_LABEL: Record<WithdrawStatus, string> = {
  pending: '审核中',
  paid: '已打款',
  rejected: '已驳回',
};

/** Manual top-ups above the review limit (docs/ops.md): waiting for a second finance staff member. */
export const TOP_UP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];
export const TOP_UP_STATUS_LABEL: Record<TopUpStatus, string> = {
  pending: '待复核',
  approved: '已到账',
  rejected: '已驳回',
};
