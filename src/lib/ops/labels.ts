/** Names the console (and its notices) shows for what staff act on. */

export const ROOM_AUDIT_FIELDS = ['title', 'cover', 'notice'] as const;
export type RoomAuditField = (typeof ROOM_AUDIT_FIELDS)[number];
export const ROOM_FIELD_NAMES: Record<RoomAuditField, string> = {
  title: '标题',
  cover: '封面',
  notice: '公告',
};

/** Mute lengths the console offers, in minutes, with their names. */
export const MUTE_OPTIONS = [
  { minutes: 60, label: '1 小时' },
  { minutes: 1440, label: '1 天' },
  { minutes: 4320, label: '3 天' },
  { minutes: 10080, label: '7 天' },
  { minutes: 43200, label: '30 天' },
] as const;
