import type { Config } from '../config.ts';
import type { BlogSource } from './blog-source.ts';
import { createHashnodeSource } from './hashnode-source.ts';
import { createLocalSource } from './local-source.ts';

export type { BlogSource } from './blog-source.ts';

/** The one place that picks the blog source: Hashnode when HASHNODE_HOST is set, else local Markdown. */
export function createBlogSource(config: Pick<Config, 'hashnode' | 'siteUrl'>): BlogSource {
  return config.hashnode ? createHashnodeSource(config.hashnode) : createLocalSource({ siteUrl: config.siteUrl });
}
