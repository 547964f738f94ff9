import type { Chapter } from '../db/schema.ts';

/** Hono context variables set by the API's middleware. */
export interface AppEnv {
  Variables: {
    /** The signed-in account, when the request carried a valid session. */
    user: Chapter | undefined;
    /** How the session came: browsers use the cookie, scripts the bearer token. */
    authVia: 'cookie' | 'bearer' | undefined;
  };
}
