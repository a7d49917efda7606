/** 关注 of people (/v/concern): users and experts. Anchors stay on /v/attention. */
export type PersonFollowType = 'user' | 'expert';

export const PERSON_FOLLOW_NAMES: Record<PersonFollowType | 'anchor', string> = {
  user: '球友',
  expert: '专家',
  anchor: '主播',
};

export interface PersonCard {
  id: number;
  nickName: string;
  portrait: string | null;
  level: number;
  isAnchor: number;
  isExpert: number;
  /** How the row was followed (following list) or how they follow me (fans list). */
  followType: string;
  /** I follow them (fans list: whether I follow back). */
  followed: boolean;
  /** They follow me too. */
  mutual: boolean;
  followedAt: string;
}

export interface PersonPage {
  list: PersonCard[];
  total: number;
  page: number;
  pageSize: number;
}
