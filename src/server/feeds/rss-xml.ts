import { escapeXml } from '../../lib/xml.ts';

/** One item of an RSS 2.0 feed. `link` is absolute and doubles as the item's permanent guid. */
export interface RssItem {
  title: string;
  link: string;
  description: string;
  /** ISO date-time; left out when unknown. */
  pubDate?: string | null | undefined;
  author?: string | null | undefined;
  categories?: readonly string[] | undefined;
}

export interface RssChannel {
  title: string;
  /** The site page the feed mirrors (absolute). */
  link: string;
  /** The feed's own address (absolute), announced as atom:link rel="self" as feed validators ask. */
  selfUrl: string;
  description: string;
  items: readonly RssItem[];
}

/** RFC 822 dates, as RSS 2.0 requires: "Mon, 05 Jan 2026 03:30:00 GMT". */
function rfc822(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toUTCString();
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

function itemXml(item: RssItem): string {
  const pubDate = item.pubDate ? rfc822(item.pubDate) : undefined;
  return [
    '<item>',
    element('title', item.title),
    element('link', item.link),
    `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    element('description', item.description),
    ...(pubDate ? [element('pubDate', pubDate)] : []),
    // RSS's own <author> must be an e-mail address; Dublin Core's creator takes a name.
    ...(item.author ? [element('dc:creator', item.author)] : []),
    ...(item.categories ?? []).map((category) => element('category', category)),
    '</item>',
  ].join('');
}

/** An RSS 2.0 document (https://www.rssboard.org/rss-specification). */
export function rssXml(channel: RssChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    '<language>en</language>',
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...channel.items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
