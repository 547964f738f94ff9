import type { Config } from '../config.ts';
import type { BlogSource } from './blog-source.ts';
import { createHashnodeSource } from './hashnode-source.ts';
import { createLocalSource } from './local-source.ts';

export type { BlogSource } from './blog-source.ts';

export interface BlogSourceOptions {
  /** How long one call may wait for Hashnode (the local source reads files and needs none). */
  timeoutMs?: number | undefined;
}

/** The one place that picks the blog source: Hashnode when HASHNODE_HOST is set, else local Markdown. */
export function createBlogSource(
  config: Pick<Config, 'hashnode' | 'siteUrl'>,
  options: BlogSourceOptions = {},
): BlogSource {
  return config.hashnode
    ? createHashnodeSource({ ...config.hashnode, timeoutMs: options.timeoutMs })
    : createLocalSource({ siteUrl: config.siteUrl });
}
