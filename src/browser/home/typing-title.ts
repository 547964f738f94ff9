import { prefersReducedMotion } from '../../islands/shared/motion.ts';

/** Milliseconds per typed letter. */
export const TYPING_STEP_MS = 60;

/**
 * Types out a title rendered by TypingTitle.astro, a letter every 60 ms, once its script runs; under
 * reduced motion it stays whole. A plain module instead of a React island: the hero is the first screen,
 * and no framework has to load, parse and hydrate before the page is still.
 *
 * No layout shift: the whole title is always laid out, its untyped rest invisible, so the heading keeps
 * its final lines and height at every step. The caret is an empty inline box drawn by its border with
 * no net advance: no width (the line breaks stay those of the full title), no height, and Chromium does
 * not count an inline box moving as a shift.
 */
export function startTyping(title: HTMLElement): void {
  const typed = title.querySelector<HTMLElement>('[data-typed]');
  const caret = title.querySelector<HTMLElement>('[data-caret]');
  const untyped = title.querySelector<HTMLElement>('[data-untyped]');
  if (!typed || !caret || !untyped) return;
  const text = typed.textContent ?? '';
  title.dataset['started'] = '';
  if (prefersReducedMotion() || text.length === 0) return;

  const show = (count: number) => {
    const typing = count < text.length;
    typed.textContent = text.slice(0, count);
    untyped.textContent = text.slice(count);
    title.dataset['typing'] = String(typing);
    caret.classList.toggle('animate-pulse', typing);
    caret.classList.toggle('opacity-0', !typing);
  };
  let count = 0;
  show(count);
  const timer = window.setInterval(() => {
    count += 1;
    show(count);
    if (count >= text.length) window.clearInterval(timer);
  }, TYPING_STEP_MS);
}
