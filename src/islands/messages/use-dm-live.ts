import { useStore } from '@nanostores/preact';
import { useEffect, useRef } from 'react';
import type { DmDelivery } from '../../lib/dm/types.ts';
import { CHANNEL, WS_CODE } from '../../lib/realtime/codes.ts';
import { $socketStatus, connectSocket, onFrame, subscribe } from '../../stores/socket.ts';

/**
 * Private-message deliveries on the shared socket's `user:{id}` channel. `onReconnect` runs when
 * the socket comes back after a drop, so whatever arrived meanwhile is loaded from the store.
 * Returns whether the socket is open.
 */
export function useDmLive(me: number, onDelivery: (d: DmDelivery) => void, onReconnect: () => void) {
  const handlers = useRef({ onDelivery, onReconnect });
  handlers.current = { onDelivery, onReconnect };
  useEffect(() => {
    connectSocket();
    subscribe(CHANNEL.user(me));
    const offMessage = onFrame((frame) => {
      if (frame.code === WS_CODE.privateMessage) handlers.current.onDelivery(frame.data.payload);
    });
    let wasOpen = $socketStatus.get() === 'open';
    const offStatus = $socketStatus.listen((s) => {
      if (s === 'open' && wasOpen === false) handlers.current.onReconnect();
      if (s === 'open') wasOpen = true;
      else if (s === 'closed' && wasOpen) wasOpen = false;
    });
    return () => {
      offMessage();
      offStatus();
    };
  }, [me]);
  return useStore($socketStatus) === 'open';
}
