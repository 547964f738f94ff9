import type { ClientDirective } from 'astro';

/**
 * The first sign that the visitor reaches for the island: the pointer over it (a mouse, before its
 * press), a touch or press, focus moving into it (Tab), a key in it. Each is listened to in the capture
 * phase and passively, so the island's HTML handles the event as it would without script.
 */
const REACHES = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const name of REACHES) el.removeEventListener(name, hydrate, true);
    void load().then((run) => run());
  };
  for (const name of REACHES) el.addEventListener(name, hydrate, { capture: true, passive: true });
  // Focus already inside (the browser restored it, or autofocus): the visitor is there.
  if (el.contains(document.activeElement)) hydrate();
};

export default interaction;
