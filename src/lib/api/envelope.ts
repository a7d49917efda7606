/** Every /svc response is this envelope; `code: 200` is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const SUCCESS_CODE = 200;
/** Code of a failure that has no envelope: network error, timeout, unreadable body. */
export const NETWORK_FAILURE = -1;
/** What a page says when a call failed so (MSG.networkFailed); here so page scripts need not load all of MSG. */
export const NETWORK_FAILURE_TEXT = '网络异常，请稍后再试';

/**
 * A failed call. `code` and `msg` come from the envelope when the server sent one (e.g. 10011 on
 * a wrong password), else `code` is the HTTP status, or NETWORK_FAILURE when nothing usable came back.
 */
export class ApiFailure<T = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: T | null;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  constructor(code: number, msg: string, data: T | null = null, status = 0) {
    super(msg);
    this.name = 'ApiFailure';
    this.code = code;
    this.msg = msg;
    this.data = data;
    this.status = status;
  }
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}
