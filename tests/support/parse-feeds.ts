import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The feeds as a subscriber's software reads them: iCalendar through ical.js (Mozilla's parser, used by
 * Thunderbird) and RSS through fast-xml-parser, which refuses malformed XML. Tests compare what these
 * parsers see with what the JSON API says, never the text the builders wrote.
 */
export interface ParsedCalendar {
  name: string | undefined;
  events: {
    uid: string;
    summary: string;
    location: string;
    description: string;
    url: string | undefined;
    start: string;
    end: string;
  }[];
}

// X-WR-CALNAME is TEXT (escaped like SUMMARY) for the calendar apps that read it; ical.js knows no X-
// property's type and would hand back the escapes.
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${calendar.name}`);
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  return {
    name: typeof name === 'string' ? name : undefined,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const url = vevent.getFirstPropertyValue('url');
      return {
        uid: event.uid,
        summary: event.summary,
        location: event.location,
        description: event.description,
        url: typeof url === 'string' ? url : undefined,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      };
    }),
  };
}

export interface ParsedRssItem {
  title: string;
  link: string;
  guid: string;
  description: string;
  pubDate: string | undefined;
}

export interface ParsedRss {
  title: string;
  link: string;
  selfLink: string | undefined;
  items: ParsedRssItem[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Text stays text: a title "2026" must not become a number.
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'atom:link',
});

const text = (value: unknown): string =>
  typeof value === 'object' && value !== null && '#text' in value ? String(value['#text']) : String(value ?? '');

export function parseRss(xml: string): ParsedRss {
  // XMLParser alone is lenient: XMLValidator is the well-formedness check. It is marked deprecated in
  // favour of a separate fast-xml-validator package, and still ships in the pinned 5.12.1.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`invalid XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as { rss?: { '@version'?: string; channel?: Record<string, unknown> } };
  if (doc.rss?.['@version'] !== '2.0' || !doc.rss.channel) throw new Error('not an RSS 2.0 document');
  const channel = doc.rss.channel;
  const selfLink = (channel['atom:link'] as { '@rel'?: string; '@href'?: string }[] | undefined)?.find(
    (l) => l['@rel'] === 'self',
  )?.['@href'];
  const items = (channel['item'] as Record<string, unknown>[] | undefined) ?? [];
  return {
    title: text(channel['title']),
    link: text(channel['link']),
    selfLink,
    items: items.map((item) => ({
      title: text(item['title']),
      link: text(item['link']),
      guid: text(item['guid']),
      description: text(item['description']),
      pubDate: item['pubDate'] === undefined ? undefined : text(item['pubDate']),
    })),
  };
}
