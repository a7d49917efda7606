/** What an SMS vendor is asked to send: a verification code for one purpose. */
export interface SmsMessage {
  mobile: string;
  code: string;
  /** 1 register, 2 retrieve password, 3 login, 4 pay password, 5 bind phone. */
  type: number;
  /** How long the code is valid, for the text ("5分钟内有效"). */
  ttlMinutes: number;
}

/**
 * An SMS vendor. `send` resolves once the vendor accepted the message and rejects when it did
 * not; the caller then drops the code and tells the user 验证码获取失败.
 */
export interface SmsProvider {
  readonly name: string;
  /** True for providers that send nothing to real phones (the UI shows a 演示 badge). */
  readonly demo: boolean;
  send(message: SmsMessage): Promise<void>;
}
