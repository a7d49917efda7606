import { useState } from 'react';
import HornDialog from './HornDialog.tsx';
import NobilityDialog from './NobilityDialog.tsx';
import { GrabDialog, SendPacketDialog } from './RedPackets.tsx';
import RoomIcon from './RoomIcon.tsx';

/** The buttons under the gift bar (red packet, nobility, horn) and their dialogs; the red packet being grabbed. */
export default function RoomActions({
  roomId,
  level,
  loggedIn,
  grabId,
  onGrabClose,
}: {
  roomId: number;
  level: number;
  loggedIn: boolean;
  grabId: number | null;
  onGrabClose(): void;
}) {
  const [dialog, setDialog] = useState<'packet' | 'noble' | 'horn' | null>(null);
  const close = () => setDialog(null);
  return (
    <div className="flex flex-wrap gap-2 border-t border-line bg-white px-3 py-2 text-sm md:rounded-b-lg">
      {loggedIn ? (
        <>
          <button
            type="button"
            className="btn-ghost !border-[#e03131] !text-[#e03131]"
            onClick={() => setDialog('packet')}
          >
            <RoomIcon name="packet" /> 发红包
          </button>
          <button type="button" className="btn-ghost" onClick={() => setDialog('noble')}>
            <RoomIcon name="crown" /> 贵族
          </button>
          <button type="button" className="btn-ghost" onClick={() => setDialog('horn')}>
            <RoomIcon name="horn" /> 喇叭
          </button>
          <SendPacketDialog roomId={roomId} level={level} open={dialog === 'packet'} onClose={close} />
          <NobilityDialog roomId={roomId} open={dialog === 'noble'} onClose={close} />
          <HornDialog roomId={roomId} open={dialog === 'horn'} onClose={close} />
          <GrabDialog packetId={grabId} onClose={onGrabClose} />
        </>
      ) : (
        <button type="button" data-needs-login className="btn-ghost">
          登录后发红包、开通贵族
        </button>
      )}
    </div>
  );
}
