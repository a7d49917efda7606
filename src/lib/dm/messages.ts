/** User-facing messages of private messages (私信, docs/messages.md). */
export const DM_MSG = {
  dmNotFound: '会话不存在',
  dmNotMember: '你不在该会话中',
  dmSelf: '不能给自己发私信',
  dmUserMissing: '用户不存在',
  dmEmpty: '请输入消息内容',
  dmTooLong: '消息不能超过 {max} 个字',
  dmImageInvalid: '图片地址无效，请重新上传',
  dmSensitive: '消息包含违规词“{word}”，请修改后再发送',
  dmTooFast: '发送太频繁，请稍后再试',
  dmBlockedByYou: '你已将对方拉黑，解除后才能发送消息',
  dmBlockedByPeer: '对方已拒收你的消息',
  dmWaitReply: '你们尚未互相关注，对方回复前只能发送一条消息',
  dmBlockSelf: '不能拉黑自己',
  dmNotService: '该会话不是客服会话',
} as const;
