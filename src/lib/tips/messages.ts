/** What the 锦囊 calls say when they refuse (docs/tips.md). */
export const TIP_MSG = {
  notExpert: '仅认证专家可以发布方案',
  matchUnknown: '比赛不存在',
  matchFinished: '比赛已结束，不能发布方案',
  matchStarted: '比赛已开赛，方案发布已截止',
  playUnknown: '请选择玩法',
  playWrongSport: '该玩法不适用于这场比赛',
  pickUnknown: '请选择推荐选项',
  noOdds: '该比赛暂无此玩法的赔率，请换一种玩法',
  duplicate: '您已在这场比赛发布过该玩法的方案',
  title: '标题需为4-40个字',
  analysis: '分析需为20-3000个字',
  price: '价格需为0-588球钻的整数',
  refundOnLoss: '不中退只能选择是或否',
  planUnknown: '方案不存在',
  planClosed: '方案已停售',
  saleStarted: '比赛已开赛，方案已停售',
  ownPlan: '不能购买自己的方案',
  bought: '您已购买过该方案',
  freePlan: '免费方案无需购买',
  withdrawSold: '方案已有人购买，不能撤回',
  withdrawNotOpen: '只能撤回在售的方案',
  notOwner: '只能撤回自己的方案',
  realName: '请填写真实姓名（2-20个字）',
  expertTitle: '专家称号需为2-20个字',
  intro: '个人简介需为10-500个字',
  sample: '过往战绩需为10-1000个字',
  alreadyExpert: '您已是认证专家',
  applicationPending: '您的申请正在审核中，请耐心等待',
  applicationUnknown: '申请不存在',
  applicationReviewed: '该申请已处理',
  reason: '请填写原因（2-200个字）',
  expertUnknown: '专家不存在',
  followSelf: '不能关注自己',
} as const;

/**
 * What a buyer is told of their refund: the socket notice at settlement and the plan page after a
 * reload say the same thing.
 */
export function refundNotice(status: string, resultName: string | null, amount: number): string {
  return status === 'void'
    ? `比赛未能正常进行，已退还 ${amount} 球钻`
    : `方案未中（${resultName}），按不中退已退还 ${amount} 球钻`;
}

/**
 * The 消息通知 each buyer gets when their plan settles: the plan, its result (红/黑/走水…) and, when
 * the 球钻 came back, the refund in the words of refundNotice.
 */
export function settledNotice(
  plan: { title: string; status: string; settledScore: string | null },
  resultName: string | null,
  refund: number,
): { title: string; body: string } {
  if (plan.status === 'void') {
    return { title: `方案「${plan.title}」已退款`, body: refundNotice('void', null, refund) };
  }
  const score = plan.settledScore ? `比分 ${plan.settledScore}，` : '';
  return {
    title: `方案「${plan.title}」已结算：${resultName}`,
    body:
      refund > 0
        ? `${score}${refundNotice(plan.status, resultName, refund)}`
        : `${score}方案结果：${resultName}`,
  };
}
