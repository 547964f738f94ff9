import { describe, expect, it } from 'vitest';
import { feedPaths, webcalUrl } from '../../src/lib/feeds.ts';
import { escapeXml } from '../../src/lib/xml.ts';
import { rssXml } from '../../src/server/feeds/rss-xml.ts';
import { answerOrigin, siteAddress } from '../../src/server/http/site-origin.ts';
import { parseRss } from '../support/parse-feeds.ts';

describe('escapeXml', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(escapeXml('bell\u0007 and form feed\u000C, tab\t and newline\n stay')).toBe(
      'bell and form feed, tab\t and newline\n stay',
    );
  });
});

describe('rssXml', () => {
  it('is RSS 2.0 an XML parser reads back exactly, whatever the text holds', () => {
    const xml = rssXml({
      title: 'Events & <More>',
      link: 'https://ieeecsbdc.org/events',
      selfUrl: 'https://ieeecsbdc.org/api/v1/events.rss?chapter=a&x=1',
      description: 'Upcoming',
      items: [
        {
          title: 'Rust ]]> & <Go>\u0007',
          link: 'https://ieeecsbdc.org/events/1',
          description: 'Line one\nLine two',
          pubDate: '2026-01-05T03:30:00.000Z',
          author: 'IEEE CS BDC',
          categories: ['rust'],
        },
        { title: 'No date', link: 'https://ieeecsbdc.org/events/2', description: '', pubDate: 'garbage' },
      ],
    });
    expect(parseRss(xml)).toEqual({
      title: 'Events & <More>',
      link: 'https://ieeecsbdc.org/events',
      selfLink: 'https://ieeecsbdc.org/api/v1/events.rss?chapter=a&x=1',
      items: [
        {
          title: 'Rust ]]> & <Go>',
          link: 'https://ieeecsbdc.org/events/1',
          guid: 'https://ieeecsbdc.org/events/1',
          description: 'Line one\nLine two',
          pubDate: 'Mon, 05 Jan 2026 03:30:00 GMT',
        },
        {
          title: 'No date',
          link: 'https://ieeecsbdc.org/events/2',
          guid: 'https://ieeecsbdc.org/events/2',
          description: '',
          pubDate: undefined,
        },
      ],
    });
  });
});

describe('the test parser', () => {
  it('refuses what a feed reader would refuse, so the feed tests can fail', () => {
    expect(() => parseRss('<rss version="2.0"><channel><title>a & b</title></channel></rss>')).toThrow(/invalid XML/);
    expect(() => parseRss('<rss version="2.0"><channel><title>a</channel></rss>')).toThrow(/invalid XML/);
    expect(() => parseRss('<feed><title>a</title></feed>')).toThrow(/not an RSS 2.0 document/);
  });
});

describe('feed addresses', () => {
  it('live under the API, the events ones narrowed by chapter', () => {
    expect(feedPaths.eventsCalendar()).toBe('/api/v1/events.ics');
    expect(feedPaths.eventsCalendar('buet-cs-sbc')).toBe('/api/v1/events.ics?chapter=buet-cs-sbc');
    expect(feedPaths.eventsRss('buet-cs-sbc')).toBe('/api/v1/events.rss?chapter=buet-cs-sbc');
    expect(feedPaths.blogRss()).toBe('/api/v1/blog.rss');
  });

  it('subscribe through webcal://', () => {
    expect(webcalUrl('https://ieeecsbdc.org/api/v1/events.ics')).toBe('webcal://ieeecsbdc.org/api/v1/events.ics');
    expect(webcalUrl('http://localhost:4321/api/v1/events.ics?chapter=x')).toBe(
      'webcal://localhost:4321/api/v1/events.ics?chapter=x',
    );
  });

  // Feeds link on the site's own address like every link it writes, never on the address asked (its Host).
  it('are absolute on the configured site, else on the server’s own address', () => {
    const configured = siteAddress({ siteUrl: 'https://ieeecsbdc.org/', linkOrigin: 'https://ieeecsbdc.org' });
    configured.useOwnAddress('http://10.0.0.5:4321');
    expect(answerOrigin(configured)).toBe('https://ieeecsbdc.org');
    const local = siteAddress({});
    local.useOwnAddress('http://localhost:4321');
    expect(answerOrigin(local)).toBe('http://localhost:4321');
  });
});
