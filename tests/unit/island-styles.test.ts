import { describe, expect, it } from 'vitest';
import { moveIslandStyles } from '../../src/integrations/island-styles-html.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('Astro’s island style rule', () => {
  it('moves from before the first island into the head, once', () => {
    const page = `<html><head><title>t</title></head><body><main><p>x</p>${STYLE}<script>1</script><astro-island></astro-island></main></body></html>`;
    expect(moveIslandStyles(page)).toBe(
      `<html><head><title>t</title>${STYLE}</head><body><main><p>x</p><script>1</script><astro-island></astro-island></main></body></html>`,
    );
  });

  it('leaves a page without islands as it is', () => {
    const page = '<html><head></head><body><style>p{color:red}</style><p>x</p></body></html>';
    expect(moveIslandStyles(page)).toBe(page);
  });
});
