import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The site's own Bengali face (src/styles/global.css), served to devices that have none. */
export const BANGLA_FACE = 'Noto Sans Bengali';

/** What the browser drew `text` with inside an element, measured on the page. */
interface Drawn {
  /** Where the text was found: the element's own text, or the value of an input. */
  found: boolean;
  /** The element's computed font-family. */
  family: string;
  /** document.fonts.check for the element's font and the text: every face it needs is loaded. */
  loaded: boolean;
  /** How wide the text is drawn. */
  width: number;
  /** How wide it is drawn with the Bengali face first (the site's face where the element's stack lacks it). */
  inFace: number;
  /** How wide as many missing glyphs (empty boxes) are drawn, in the element's font. */
  tofu: number;
  /** What a wrapped text may lose: a space at the end of a line is not drawn. */
  slack: number;
}

/**
 * Measures how the element draws `text` (a Bangla name, or the Bangla part of a longer text). A text
 * element is measured where it stands (a Range over the text); an input's value, which no Range reaches,
 * by a copy of it in the input's own font. Both are compared with the text drawn in the site's Bengali
 * face and with as many missing glyphs, each in the same font size, weight and spacing.
 */
function measure(element: Element, { text, face }: { text: string; face: string }): Promise<Drawn> {
  const control = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
  let node: Text | undefined;
  if (!control) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.textContent?.includes(text)) {
        node = n as Text;
        break;
      }
    }
  }
  const value = control ? (element as HTMLInputElement | HTMLTextAreaElement).value : '';
  const found = control ? value.includes(text) : node !== undefined;
  const styled = control ? element : (node?.parentElement ?? element);
  const style = getComputedStyle(styled);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;

  /** A copy of the text in the element's size, weight and spacing, in `family`, on one line. */
  const probe = (content: string, family: string) => {
    const span = document.createElement('span');
    span.textContent = content;
    for (const property of [
      'font-style',
      'font-weight',
      'font-size',
      'font-stretch',
      'font-feature-settings',
      'font-variation-settings',
      'letter-spacing',
      'word-spacing',
    ]) {
      span.style.setProperty(property, style.getPropertyValue(property));
    }
    span.style.fontFamily = family;
    span.style.whiteSpace = 'pre';
    span.style.position = 'absolute';
    span.style.visibility = 'hidden';
    document.body.append(span);
    const width = span.getBoundingClientRect().width;
    span.remove();
    return width;
  };

  return document.fonts.load(font, text).then(() => {
    let width: number;
    let lines = 1;
    if (!control && node) {
      const range = document.createRange();
      const start = node.data.indexOf(text);
      range.setStart(node, start);
      range.setEnd(node, start + text.length);
      // A name that wraps is drawn on several lines: its width is theirs together.
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      width = rects.reduce((sum, rect) => sum + rect.width, 0);
      lines = new Set(rects.map((rect) => Math.round(rect.top))).size;
    } else {
      width = probe(text, style.fontFamily);
    }
    // U+0378 is assigned to no character: every font draws it as its missing-glyph box.
    const boxes = [...text].map((c) => (c === ' ' ? c : '\u0378')).join('');
    return {
      found,
      family: style.fontFamily,
      loaded: document.fonts.check(font, text),
      width,
      inFace: probe(text, `'${face}', ${style.fontFamily}`),
      tofu: probe(boxes, style.fontFamily),
      slack: (lines - 1) * probe(' ', style.fontFamily),
    };
  });
}

/** Why the text is not drawn in the Bengali face, or undefined when it is. */
function verdict(d: Drawn, text: string): string | undefined {
  if (!d.found) return `"${text}" is not in the element`;
  if (!d.loaded) return `the fonts for "${text}" in ${d.family} are not loaded`;
  if (Math.abs(d.width - d.tofu) < 0.5)
    return `"${text}" is drawn as empty boxes (${d.width.toFixed(1)} px wide, as many missing glyphs are ${d.tofu.toFixed(1)} px) in ${d.family}`;
  if (Math.abs(d.width - d.inFace) > 0.5 + d.slack)
    return `"${text}" is drawn ${d.width.toFixed(1)} px wide in ${d.family}; in ${BANGLA_FACE} it is ${d.inFace.toFixed(1)} px`;
  return undefined;
}

/**
 * The element draws `text` (Bangla) in the site's Bengali face: its fonts are loaded, its width is the
 * face's, not that of as many empty boxes. Waits for the font to arrive (font-display: swap draws the
 * fallback first), as long as Playwright's expect does.
 */
export async function expectDrawnInBanglaFace(element: Locator, text: string) {
  await expect(element).toBeVisible();
  await expect
    .poll(async () => verdict(await element.evaluate(measure, { text, face: BANGLA_FACE }), text), {
      message: `"${text}" drawn in ${BANGLA_FACE}`,
    })
    .toBeUndefined();
}
