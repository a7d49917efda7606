/**
 * schema.org structured data, server-rendered into `<script type="application/ld+json">` by one
 * component (components/common/JsonLd.astro): which type each page carries is in docs/readers.md.
 * The builders here take what the page shows and nothing more.
 */
import { teamHref } from '../match/links.ts';
import { nationName } from '../sports/nations.ts';

type Node = Record<string, unknown>;
const CONTEXT = 'https://schema.org';

/**
 * The text of a `<script type="application/ld+json">` block: JSON with `<`, `>` and `&` as \u escapes
 * (a title holding `</script>` or `<!--` cannot end the block or start markup) and the two line
 * separators JavaScript parsers once refused. Still the same JSON to any parser.
 */
export const jsonLdText = (data: object): string =>
  JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** An instant as Beijing time with its offset (2026-11-29T19:30:00+08:00): the time the page shows. */
export const beijingIso = (iso: string): string =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00';

const sportName = (sport: number) => (sport === 2 ? 'Basketball' : 'Soccer');

/** BreadcrumbList of the page's breadcrumbs; the last crumb (the page itself) links to `current`. */
export function breadcrumbJsonLd(
  items: { label: string; href?: string }[],
  site: string,
  current: string,
): Node {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => {
      const href = it.href ?? (i === items.length - 1 ? current : undefined);
      return {
        '@type': 'ListItem',
        position: i + 1,
        name: it.label,
        ...(href ? { item: new URL(href, site).toString() } : {}),
      };
    }),
  };
}

/** SportsTeam of a team page: its names, sport, city, ground, founding year and coach as the page shows them. */
export function teamJsonLd(
  t: {
    id: number;
    sport: number;
    name: string;
    nameZh: string;
    fullNameZh: string;
    city: string | null;
    country: string | null;
    founded: number | null;
    venue: string | null;
    coachZh: string | null;
  },
  site: string,
): Node {
  const alternate = [...new Set([t.fullNameZh, t.name])].filter((n) => n && n !== t.nameZh);
  return {
    '@context': CONTEXT,
    '@type': 'SportsTeam',
    name: t.nameZh,
    ...(alternate.length ? { alternateName: alternate } : {}),
    sport: sportName(t.sport),
    url: new URL(teamHref(t.sport, t.id), site).toString(),
    ...(t.city || t.country
      ? { location: { '@type': 'Place', name: [t.city, nationName(t.country)].filter(Boolean).join('，') } }
      : {}),
    ...(t.venue ? { homeLocation: { '@type': 'Place', name: t.venue } } : {}),
    ...(t.founded ? { foundingDate: String(t.founded) } : {}),
    ...(t.coachZh ? { coach: { '@type': 'Person', name: t.coachZh } } : {}),
  };
}

/**
 * Person of a player page: the name, the facts the page lists (nationality, birth date) and the team
 * it names. A generated player (a number in a simulated squad, marked 演示) gets its name and team only.
 */
export function playerJsonLd(
  p: {
    sport: number;
    displayName: string;
    name: string;
    nationality: string | null;
    birthDate: string | null;
    generated: boolean;
  },
  team: { id: number; nameZh: string } | null,
  url: string,
): Node {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: p.displayName,
    ...(!p.generated && p.name && p.name !== p.displayName ? { alternateName: p.name } : {}),
    url,
    ...(!p.generated && p.nationality
      ? { nationality: { '@type': 'Country', name: nationName(p.nationality) } }
      : {}),
    ...(!p.generated && p.birthDate ? { birthDate: p.birthDate } : {}),
    ...(team
      ? {
          memberOf: {
            '@type': 'SportsTeam',
            name: team.nameZh,
            sport: sportName(p.sport),
            url: new URL(teamHref(p.sport, team.id), url).toString(),
          },
        }
      : {}),
  };
}
