/** Small line icons of the room's buttons, drawn inline (a phone may lack emoji fonts). */
const PATHS = {
  packet:
    'M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm-1 5c4 3 10 3 14 0M12 10.5v3',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5Z',
  horn: 'M3 10v4h3l7 5V5L6 10Zm13-1a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11',
  calendar: 'M4 6h16v14H4Zm0 4h16M8 3v4m8-4v4',
  gift: 'M4 11h16v9H4Zm-1-4h18v4H3Zm9 0v13M12 7C10 3 6 4 7.5 7M12 7c2-4 6-3 4.5 0',
} as const;

export default function RoomIcon({
  name,
  className = 'h-4 w-4',
}: {
  name: keyof typeof PATHS;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
