import type { WebSocket } from 'ws';

/**
 * Text messages as complete WebSocket frames, back to back in one buffer (RFC 6455 §5.2: FIN,
 * opcode 1, unmasked as a server's frames are). The same bytes serve every socket of a channel.
 */
export function textFrames(messages: readonly string[]): Buffer {
  const parts: Buffer[] = [];
  for (const message of messages) {
    const payload = Buffer.from(message);
    const n = payload.length;
    const header = Buffer.allocUnsafe(n < 126 ? 2 : n < 65536 ? 4 : 10);
    header[0] = 0x81;
    if (n < 126) header[1] = n;
    else if (n < 65536) {
      header[1] = 126;
      header.writeUInt16BE(n, 2);
    } else {
      header[1] = 127;
      header.writeBigUInt64BE(BigInt(n), 2);
    }
    parts.push(header, payload);
  }
  return Buffer.concat(parts);
}

/**
 * Writes prepared frames to the socket's TCP stream in one write: one system call however many
 * messages it carries. ws 8 has no public call for this; its own send ends in the same write
 * (socket.io sends pre-encoded broadcast frames the same way). Safe because the hub never
 * compresses or sends Blobs, so ws never holds frames of its own back in a queue.
 */
export function writeFrames(ws: WebSocket, frames: Buffer) {
  (ws as unknown as { _socket: { write(data: Buffer): boolean } })._socket.write(frames);
}
