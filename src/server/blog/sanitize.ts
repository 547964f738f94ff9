import sanitizeHtml from 'sanitize-html';

/**
 * Post HTML comes from an outside service or from editors' Markdown: keep formatting, code, images,
 * tables and embeds' plain links, drop everything that can run (script, style, iframes, event-handler
 * attributes, javascript: URLs). Links leaving the site open in a new tab without window.opener.
 *
 * A post's `id` and `name` attributes get a prefix, and its in-page links follow them: a bare
 * `id="search-dialog"` (or `<a name="config">`) would otherwise shadow the page's own elements and
 * globals (DOM clobbering), while headings keep working as link targets.
 */
export const POST_ID_PREFIX = 'post-';

const prefixed = (value: string) => (value.startsWith(POST_ID_PREFIX) ? value : `${POST_ID_PREFIX}${value}`);

/** The element's id and name, prefixed (blank ones dropped). */
function namespaced(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out = { ...attribs };
  for (const name of ['id', 'name']) {
    const value = out[name]?.trim();
    if (value) out[name] = prefixed(value);
    else delete out[name];
  }
  return out;
}

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
    '*': (tagName, attribs) => ({ tagName, attribs: namespaced(attribs) }),
    a: (tagName, attribs) => {
      const href = attribs['href'] ?? '';
      const external = /^https?:\/\//i.test(href);
      const own = namespaced(attribs);
      // A link to a place in the post follows its target's new id.
      if (href.startsWith('#') && href.length > 1) own['href'] = `#${prefixed(href.slice(1))}`;
      return {
        tagName,
        attribs: external ? { ...own, target: '_blank', rel: 'noopener noreferrer' } : own,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...namespaced(attribs), loading: 'lazy' } }),
    // Wide code blocks scroll sideways; keyboard users need to be able to focus them to scroll.
    pre: (tagName, attribs) => ({ tagName, attribs: { ...namespaced(attribs), tabindex: '0' } }),
  },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
