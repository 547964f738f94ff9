/** The one slug rule of the site (chapter addresses, blog post and tag addresses): lower-case words joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 60;

/**
 * "IEEE CS BUET Student Branch" -> "ieee-cs-buet-student-branch", "Café Déjà Vu" -> "cafe-deja-vu":
 * accents dropped, every run of other characters one dash, at most SLUG_MAX_LENGTH characters, so the
 * result always matches SLUG_PATTERN. Text with no Latin letter or digit (a name in Bengali script,
 * "#") has no slug of its own: the caller's fallback is returned.
 */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || fallback;
}
