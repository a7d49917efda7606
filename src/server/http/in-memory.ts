import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * A GET that the server makes to Astro itself, for what it splices into a page (page-handler.ts):
 * the visitor's copy of a page a logged-in fan asks for, or that fan's header part. Its own object,
 * with the asker's address and the headers given; no socket, so a client going away does not stop a
 * render that others may be waiting for.
 */
export function requestOf(from: IncomingMessage, url: string, headers: IncomingHttpHeaders): IncomingMessage {
  const socket = {
    remoteAddress: from.socket.remoteAddress,
    destroyed: false,
    on: () => socket,
    off: () => socket,
  };
  return { method: 'GET', url, headers, socket, once: () => undefined } as unknown as IncomingMessage;
}

/** What Astro wrote for a request of requestOf: status, headers and body, kept in memory. */
export class MemoryResponse {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  readonly body: Buffer[] = [];
  private readonly headers: OutgoingHttpHeaders = {};

  setHeader(name: string, value: OutgoingHttpHeaders[string]) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  getHeaders(): OutgoingHttpHeaders {
    return { ...this.headers };
  }
  removeHeader(name: string) {
    delete this.headers[name.toLowerCase()];
  }
  writeHead(status: number, headers: OutgoingHttpHeaders = {}) {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Uint8Array) {
    this.body.push(Buffer.from(chunk));
    return true;
  }
  end(chunk?: string | Uint8Array | (() => void)) {
    if (chunk && typeof chunk !== 'function') this.body.push(Buffer.from(chunk));
    return this;
  }
  on() {
    return this;
  }
  off() {
    return this;
  }
  destroy() {}

  /** As the ServerResponse that Astro and the page cache take it for. */
  get asServerResponse(): ServerResponse {
    return this as unknown as ServerResponse;
  }
}
