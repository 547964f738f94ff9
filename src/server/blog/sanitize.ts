import sanitizeHtml from 'sanitize-html';

/**
 * Post HTML comes from an outside service or from editors' Markdown: keep formatting, code, images,
 * tables and embeds' plain links, drop everything that can run (script, style, iframes, event-handler
 * attributes, javascript: URLs). Links leaving the site open in a new tab without window.opener.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img',
    'figure',
    'figcaption',
    'picture',
    'source',
    'del',
    'ins',
    'sup',
    'sub',
    'details',
    'summary',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
    source: ['srcset', 'sizes', 'type', 'media'],
    code: ['class'],
    pre: ['class', 'tabindex'],
    span: ['class'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs['href'] ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    // Wide code blocks scroll sideways; keyboard users need to be able to focus them to scroll.
    pre: (tagName, attribs) => ({ tagName, attribs: { ...attribs, tabindex: '0' } }),
  },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
