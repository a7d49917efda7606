/**
 * Local kick-off times of each competition, as the leagues schedule them: `day` counts from the
 * round's date (a weekend round from its Saturday: −1 Friday … 2 Monday; a midweek round from
 * its Tuesday). The calendar converts them to Beijing time through the league's own zone.
 */
export interface KickoffSlot {
  day: number;
  time: string;
}

export const LEAGUE_ZONE: Record<string, string> = {
  'en.1': 'Europe/London',
  'es.1': 'Europe/Madrid',
  'it.1': 'Europe/Rome',
  'de.1': 'Europe/Berlin',
  'fr.1': 'Europe/Paris',
  'cn.1': 'Asia/Shanghai',
  'uefa.cl': 'Europe/Paris',
  nba: 'America/New_York',
  cba: 'Asia/Shanghai',
};

const slots = (spec: string): KickoffSlot[] =>
  spec.split(' ').map((s) => {
    const [day, time] = s.split('@');
    return { day: Number(day), time };
  });

const WEEKEND: Record<string, KickoffSlot[]> = {
  'en.1': slots('-1@20:00 0@12:30 0@15:00 0@15:00 0@15:00 0@17:30 1@14:00 1@14:00 1@16:30 2@20:00'),
  'es.1': slots('-1@21:00 0@14:00 0@16:15 0@18:30 0@21:00 1@14:00 1@16:15 1@18:30 1@21:00 2@21:00'),
  'it.1': slots('-1@20:45 0@15:00 0@18:00 0@20:45 1@12:30 1@15:00 1@15:00 1@18:00 1@20:45 2@20:45'),
  'de.1': slots('-1@20:30 0@15:30 0@15:30 0@15:30 0@15:30 0@15:30 0@18:30 1@15:30 1@17:30'),
  'fr.1': slots('-1@20:45 0@17:00 0@19:00 0@21:05 1@13:00 1@15:00 1@15:00 1@17:15 1@20:45'),
  'cn.1': slots('-1@19:35 -1@20:00 0@15:30 0@19:35 0@20:00 1@15:30 1@19:35 1@20:00'),
};

const MIDWEEK_TIMES: Record<string, [string, string]> = {
  'en.1': ['19:45', '20:00'],
  'es.1': ['19:00', '21:30'],
  'it.1': ['18:30', '20:45'],
  'de.1': ['18:30', '20:30'],
  'fr.1': ['19:00', '21:00'],
  'cn.1': ['19:35', '20:00'],
};

/** Champions League nights: two early games and seven late ones on each of Tuesday and Wednesday. */
const UCL = slots(
  '0@18:45 0@18:45 0@21:00 0@21:00 0@21:00 0@21:00 0@21:00 0@21:00 0@21:00 ' +
    '1@18:45 1@18:45 1@21:00 1@21:00 1@21:00 1@21:00 1@21:00 1@21:00 1@21:00',
);

/** The kick-off slots of one round with `count` matches. */
export function roundSlots(comp: string, midweek: boolean, count: number): KickoffSlot[] {
  let list: KickoffSlot[];
  if (comp === 'uefa.cl') list = UCL;
  else if (midweek) {
    const [early, late] = MIDWEEK_TIMES[comp] ?? ['19:30', '20:00'];
    list = Array.from({ length: count }, (_, i) => ({
      day: i < count / 2 ? 0 : 1,
      time: i % 3 === 2 ? late : early,
    }));
  } else list = WEEKEND[comp] ?? slots('0@15:00 1@15:00');
  // A league with more matches than listed slots doubles up on the busiest ones.
  return Array.from({ length: count }, (_, i) => list[i % list.length]);
}

/** Basketball tip-offs: NBA evenings (eastern time; western hosts later), CBA 19:35 Beijing. */
export function tipoffTimes(comp: string, westernHost: boolean, weekend: boolean): string[] {
  if (comp === 'nba')
    return westernHost ? ['21:00', '22:00', '22:00', '22:30'] : ['19:00', '19:30', '19:30', '20:00'];
  return weekend ? ['15:30', '19:35', '19:35', '20:00'] : ['19:35', '19:35', '19:35', '20:00'];
}
