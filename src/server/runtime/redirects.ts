/**
 * A reader for Netlify's _redirects format, so the local server rewrites detail pages exactly as the
 * CDN does: `/events/:id  /events/view/  200`. Supports :placeholders, a trailing * (as :splat), and
 * status 200 (rewrite) or 301/302/307/308 (redirect). Rules apply only when no static file matches.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  pattern: RegExp;
  names: string[];
}

export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [from, to, status = '301'] = line.split(/\s+/);
    if (!from || !to) continue;
    const names: string[] = [];
    const source = from
      .replace(/\/$/, '')
      .split('/')
      .map((part) => {
        if (part === '*') {
          names.push('splat');
          return '(.*)';
        }
        if (part.startsWith(':')) {
          names.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    rules.push({ from, to, status: Number.parseInt(status, 10), pattern: new RegExp(`^${source}/?$`), names });
  }
  return rules;
}

export function matchRedirect(rules: RedirectRule[], pathname: string): { to: string; status: number } | undefined {
  for (const rule of rules) {
    const m = rule.pattern.exec(pathname);
    if (!m) continue;
    let to = rule.to;
    rule.names.forEach((name, i) => {
      to = to.replace(`:${name}`, m[i + 1] ?? '');
    });
    return { to, status: rule.status };
  }
  return undefined;
}
