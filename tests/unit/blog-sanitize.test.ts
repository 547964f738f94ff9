import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../src/server/blog/sanitize.ts';

describe('the post HTML sanitizer', () => {
  it('strips script elements and their content', () => {
    const out = sanitizePostHtml('<p>ok</p><script>alert("x")</script><SCRIPT src="https://evil.test/x.js"></SCRIPT>');
    expect(out).toBe('<p>ok</p>');
  });

  it('strips event-handler attributes and javascript: URLs', () => {
    const out = sanitizePostHtml(
      '<p onclick="steal()" onmouseover="x()">hi</p><img src="https://cdn.test/a.png" alt="A" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>',
    );
    expect(out).not.toMatch(/onclick|onmouseover|onerror|javascript:/i);
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<img src="https://cdn.test/a.png" alt="A" loading="lazy" />');
    expect(out).toContain('<a>bad</a>');
  });

  it('drops styles, iframes, forms and objects', () => {
    const out = sanitizePostHtml(
      '<style>body{display:none}</style><iframe src="https://evil.test"></iframe><form><input></form><object data="x"></object><p>text</p>',
    );
    expect(out).toBe('<p>text</p>');
  });

  it('keeps formatting, code and tables, and opens outside links in a new tab', () => {
    const html =
      '<h2 id="a">T</h2><pre><code class="language-ts">const a = 1 &lt; 2;</code></pre><table><tr><td>1</td></tr></table><a href="https://example.org">x</a><a href="/blogs">in</a>';
    const out = sanitizePostHtml(html);
    expect(out).toContain('<h2 id="post-a">T</h2>');
    expect(out).toContain('<code class="language-ts">const a = 1 &lt; 2;</code>');
    expect(out).toContain('<td>1</td>');
    expect(out).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>');
    expect(out).toContain('<a href="/blogs">in</a>');
  });

  it('prefixes every id and name, and the in-page links to them, so a post cannot shadow the page (DOM clobbering)', () => {
    const out = sanitizePostHtml(
      '<h2 id="search-dialog">Intro</h2><a name="config">x</a><p id=" ">blank</p><a href="#search-dialog">up</a><img src="https://cdn.test/a.png" id="main" alt="">',
    );
    expect(out).toContain('<h2 id="post-search-dialog">Intro</h2>');
    expect(out).toContain('<a name="post-config">x</a>');
    expect(out).toContain('<p>blank</p>');
    expect(out).toContain('<a href="#post-search-dialog">up</a>');
    expect(out).toContain('id="post-main"');
    expect(out).not.toMatch(/\s(id|name)="(?!post-)/);
  });
});
