import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/runtime/netlify-entry.ts';

export default handle;

export const config: Config = { path: ['/api/v1', '/api/v1/*'] };
