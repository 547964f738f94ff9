/**
 * Reads the head of a served HTML page the way a link previewer does: no browser, no scripts. Used by
 * the on-demand page tests on PGlite and by the Netlify walk.
 */
export interface ServedHead {
  title: string | undefined;
  /** content of <meta name=…> or <meta property=…>; the first one when repeated. */
  meta(key: string): string | undefined;
  /** every content of a repeated meta (article:tag). */
  metaAll(key: string): string[];
  canonical: string | undefined;
  /** The parsed JSON-LD blocks. */
  jsonLd: Array<Record<string, unknown>>;
  /** The HTML without tags, whitespace collapsed: what the page says before any script runs. */
  text: string;
}

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? decode(m[2] ?? m[3] ?? '') : undefined;
}

export function readServedHtml(html: string): ServedHead {
  // Attribute values may hold ">" (a title like "<HTML> basics"): skip over quoted values.
  const tags = (name: string) =>
    [...html.matchAll(new RegExp(`<${name}\\b(?:[^>"']|"[^"]*"|'[^']*')*>`, 'gi'))].map((m) => m[0]);
  const metas = tags('meta');
  const metaAll = (key: string) =>
    metas.filter((t) => attr(t, 'name') === key || attr(t, 'property') === key).map((t) => attr(t, 'content') ?? '');
  const links = tags('link');
  const jsonLd = [
    ...html.matchAll(/<script\b[^>]*type=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi),
  ].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>);
  const body = html.slice(html.search(/<body\b/i));
  const text = decode(
    body
      .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  return {
    title: title === undefined ? undefined : decode(title),
    meta: (key) => metaAll(key)[0],
    metaAll,
    canonical: links.map((t) => (attr(t, 'rel') === 'canonical' ? attr(t, 'href') : undefined)).find(Boolean),
    jsonLd,
    text,
  };
}

/** The text of an HTML fragment as a reader sees it: tags dropped, entities decoded, whitespace collapsed. */
export function htmlText(fragment: string): string {
  return decode(fragment.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The inside of the first <tag …>…</tag> of the page (not nested in one of its own kind), or "". */
export function innerHtmlOf(html: string, tag: string): string {
  return new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(html)?.[1] ?? '';
}

/**
 * How many start tags of the HTML carry the attribute: `countAttribute(html, 'data-person-card')`, or with
 * a value starting so: `countAttribute(html, 'href', 'mailto:')` (quoted as Astro writes it, in "").
 */
export function countAttribute(html: string, name: string, valueStart?: string): number {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const attribute = valueStart === undefined ? `${escape(name)}(?=[\\s>=/])` : `${escape(name)}="${escape(valueStart)}`;
  return [...html.matchAll(new RegExp(`<[a-z][^>]*\\s${attribute}`, 'gi'))].length;
}
