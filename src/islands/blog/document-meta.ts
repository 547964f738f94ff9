/**
 * The article and author pages are static shells, so their islands set the document's title and
 * social metadata from the loaded data (crawlers that run scripts, and shared links, see the post).
 */
function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

export interface DocumentMeta {
  title: string;
  siteName: string;
  description?: string | undefined;
  image?: string | null | undefined;
  article?:
    { publishedTime: string | null; modifiedTime: string | null; tags: string[]; author: string | null } | undefined;
}

export function applyDocumentMeta({ title, siteName, description, image, article }: DocumentMeta) {
  const fullTitle = `${title} | ${siteName}`;
  document.title = fullTitle;
  setMeta('property', 'og:title', fullTitle);
  setMeta('name', 'twitter:title', fullTitle);
  setMeta('property', 'og:url', window.location.href);
  if (description) {
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
    setMeta('name', 'twitter:description', description);
  }
  if (image) {
    const absolute = new URL(image, window.location.origin).href;
    setMeta('property', 'og:image', absolute);
    setMeta('name', 'twitter:image', absolute);
  }
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) canonical.href = `${window.location.origin}${window.location.pathname}`;
  if (!article) return;
  setMeta('property', 'og:type', 'article');
  if (article.publishedTime) setMeta('property', 'article:published_time', article.publishedTime);
  if (article.modifiedTime) setMeta('property', 'article:modified_time', article.modifiedTime);
  if (article.author) setMeta('property', 'article:author', article.author);
  document.head.querySelectorAll('meta[property="article:tag"]').forEach((el) => el.remove());
  for (const tag of article.tags) {
    const el = document.createElement('meta');
    el.setAttribute('property', 'article:tag');
    el.content = tag;
    document.head.append(el);
  }
}
