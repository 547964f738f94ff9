/**
 * How a picture in a list of cards loads (React attributes). The first card's picture may be the page's
 * largest paint: fetched at once and ahead of the rest. The others wait until they are scrolled near.
 */
export function listImageLoading(first: boolean) {
  return first
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', fetchPriority: 'auto' } as const);
}
