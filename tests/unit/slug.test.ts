import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from '../../src/lib/slug.ts';

describe('slugify', () => {
  it('joins lower-case words with single dashes', () => {
    expect(slugify('IEEE CS BUET Student Branch', 'chapter')).toBe('ieee-cs-buet-student-branch');
    expect(slugify('  Machine   Learning!! ', 'tag')).toBe('machine-learning');
    expect(slugify('C++ & Rust / 2025', 'tag')).toBe('c-rust-2025');
  });

  it('drops accents instead of the letters that carry them', () => {
    expect(slugify('Café Déjà Vu', 'tag')).toBe('cafe-deja-vu');
    expect(slugify('ÉCOLE', 'tag')).toBe('ecole');
  });

  it('cuts long text at the slug limit without leaving a dash at the end', () => {
    const slug = slugify(`${'a'.repeat(SLUG_MAX_LENGTH - 1)} tail`, 'chapter');
    expect(slug).toBe('a'.repeat(SLUG_MAX_LENGTH - 1));
    expect(slugify('word '.repeat(40), 'chapter').length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  });

  it("returns the caller's fallback for text with no Latin letter or digit", () => {
    expect(slugify('আইইইই কম্পিউটার সোসাইটি', 'chapter')).toBe('chapter');
    expect(slugify('###', 'tag')).toBe('tag');
  });

  it('always produces a slug the schemas accept', () => {
    for (const text of ['Hello, World', '--x--', 'ÅSA  ÖLÅND', '2025 Xtreme 18.0', 'a'.repeat(100)]) {
      expect(slugify(text, 'fallback')).toMatch(SLUG_PATTERN);
    }
  });
});
