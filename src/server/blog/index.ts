import type { Config } from '../config.ts';
import type { BlogSource } from './blog-source.ts';

export type { BlogSource } from './blog-source.ts';

export interface BlogSourceOptions {
  /** How long one call may wait for Hashnode (the local source reads files and needs none). */
  timeoutMs?: number | undefined;
}

/**
 * The one place that picks the blog source: Hashnode when HASHNODE_HOST is set, else local Markdown.
 * The source's module (graphql-request, or marked and yaml; sanitize-html) loads on its first call, so
 * a function's cold start that reads no post does not load or compile them.
 */
export function createBlogSource(
  config: Pick<Config, 'hashnode' | 'siteUrl'>,
  options: BlogSourceOptions = {},
): BlogSource {
  const { hashnode, siteUrl } = config;
  let source: Promise<BlogSource> | undefined;
  const load = () =>
    (source ??= hashnode
      ? import('./hashnode-source.ts').then((m) =>
          m.createHashnodeSource({ ...hashnode, timeoutMs: options.timeoutMs }),
        )
      : import('./local-source.ts').then((m) => m.createLocalSource({ siteUrl })));
  return {
    kind: hashnode ? 'hashnode' : 'local',
    feed: async (after) => (await load()).feed(after),
    post: async (slug) => (await load()).post(slug),
    authorPosts: async (name) => (await load()).authorPosts(name),
  };
}
