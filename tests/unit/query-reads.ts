// What each page under src/pages reads from its query string, found in the sources: the page's own
// reads, those of the components it renders and of the helpers in src/lib it calls (and so on down).
// Used by page-params.test.ts to keep src/server/http/page-params.ts true.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const PAGES = join(SRC, 'pages');

export interface PageReads {
  /** The page's file, relative to src/pages. */
  file: string;
  /** Its route pattern, as Astro names it: /football/[tab]/[...id]. */
  route: string;
  /** A path that Astro sends to this page: each [x] and [...x] filled in. */
  example: string;
  params: string[];
  /** Reads whose parameter name the scan cannot see (a variable name, the whole list …). */
  unscannable: string[];
}

interface Unit {
  text: string;
  /** For a component or page file: its own path, to resolve imports from. */
  file?: string;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.(astro|ts)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** The names a text reads through `searchParams`, or an alias of it, or a URLSearchParams argument. */
function readsOf(text: string): { params: Set<string>; unscannable: string[] } {
  const holders = new Set(['searchParams']);
  for (const m of text.matchAll(
    /(?:const|let)\s+(\w+)\s*=\s*(?:[\w.?]*\.searchParams\b|new URLSearchParams\()/g,
  ))
    holders.add(m[1]);
  for (const m of text.matchAll(/(\w+)\??\s*:\s*URLSearchParams\b/g)) holders.add(m[1]);
  const params = new Set<string>();
  const unscannable: string[] = [];
  for (const h of holders) {
    for (const m of text.matchAll(new RegExp(`\\b${h}\\s*\\.\\s*(get|getAll|has)\\(\\s*([^)]*)\\)`, 'g'))) {
      const name = /^(['"`])([^'"`$]+)\1$/.exec(m[2].trim())?.[2];
      if (name) params.add(name);
      else unscannable.push(m[0]);
    }
    for (const m of text.matchAll(new RegExp(`\\b${h}\\s*\\.\\s*(entries|keys|values|forEach)\\(`, 'g')))
      unscannable.push(m[0]);
  }
  return { params, unscannable };
}

/** src/lib's functions, each with its own text: a page that calls one reads what it reads. */
function libFunctions(): Map<string, Unit> {
  const functions = new Map<string, Unit>();
  const start =
    /^(?:export\s+)?(?:async\s+)?function\s+(\w+)|^(?:export\s+)?const\s+(\w+)\s*=\s*(?:async\s*)?\(/gm;
  for (const file of filesUnder(join(SRC, 'lib')).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(file, 'utf8');
    const starts = [...text.matchAll(start)];
    starts.forEach((m, i) => {
      const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
      const name = m[1] ?? m[2];
      functions.set(name, { text: `${functions.get(name)?.text ?? ''}\n${body}` });
    });
  }
  return functions;
}

export function pageReads(): PageReads[] {
  const functions = libFunctions();
  const memo = new Map<string, { params: Set<string>; unscannable: string[] }>();

  /** A unit's reads with those of the components it renders and the functions it calls. */
  function closure(
    key: string,
    unit: Unit,
    seen: Set<string>,
  ): { params: Set<string>; unscannable: string[] } {
    const known = memo.get(key);
    if (known) return known;
    const own = readsOf(unit.text);
    const all = { params: new Set(own.params), unscannable: [...own.unscannable] };
    const add = (k: string, u: Unit) => {
      if (seen.has(k)) return;
      const r = closure(k, u, new Set([...seen, k]));
      r.params.forEach((p) => all.params.add(p));
      all.unscannable.push(...r.unscannable);
    };
    for (const [name, fn] of functions)
      if (key !== `fn:${name}` && new RegExp(`\\b${name}\\(`).test(unit.text)) add(`fn:${name}`, fn);
    if (unit.file)
      for (const m of unit.text.matchAll(/import\s+(\w+)\s+from\s+'([^']+\.astro)'/g)) {
        if (!new RegExp(`<${m[1]}[\\s/>]`).test(unit.text)) continue;
        const file = resolve(dirname(unit.file), m[2]);
        add(file, { text: readFileSync(file, 'utf8'), file });
      }
    memo.set(key, all);
    return all;
  }

  return filesUnder(PAGES).map((path) => {
    const file = relative(PAGES, path);
    const route = `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1');
    const example = route.replace(/\[(?:\.\.\.)?\w+\]/g, 'x1');
    const r = closure(path, { text: readFileSync(path, 'utf8'), file: path }, new Set([path]));
    return { file, route, example, params: [...r.params].sort(), unscannable: r.unscannable };
  });
}
