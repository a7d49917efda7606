// How the bench's WebSocket clients connect and read: as cheaply as the floor's reader reads its TCP
// chunks (tcp-floor.ts), since thousands of frames a second reach one process on the server's cores.
import WebSocket from 'ws';
import { randomIp } from './stats.ts';

/** A socket to the hub with its own address (the hub caps sockets per address and per token). */
export const benchSocket = (url: string, token: string) =>
  new WebSocket(`${url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`, {
    headers: { 'x-forwarded-for': randomIp() },
    // No compression offer and no UTF-8 check: the bench reads ASCII stamps and codes.
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });

/** A frame's text for the bench's regexes: latin1 needs no decoding (the stamp and codes are ASCII). */
export const frameText = (raw: WebSocket.RawData) => (raw as Buffer).toString('latin1');
