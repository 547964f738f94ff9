/**
 * Text and attribute values for the XML the site writes (sitemaps, RSS). Characters XML 1.0 cannot
 * hold at all (most control characters) are dropped: one in an event description would otherwise make
 * the whole document unreadable to a feed reader.
 */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const escapeXml = (text: string) =>
  text
    .replace(NOT_XML_CHARACTER, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
