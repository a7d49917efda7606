import Player from '../room/Player.tsx';

/** A replay: the live player on the recording, played once (no restart at the end). */
export default function ReplayPlayer({ url, poster }: { url: string; poster: string | null }) {
  return <Player urls={[{ name: '回放', url }]} poster={poster} loop={false} />;
}
