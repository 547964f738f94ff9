import type { Chapter, DoorPassRow } from '../db/schema.ts';

/** Hono context variables set by the API's middleware. */
export interface AppEnv {
  Variables: {
    /** The signed-in account, when the request carried a valid session. */
    user: Chapter | undefined;
    /** How the session came: browsers use the cookie, scripts the bearer token. */
    authVia: 'cookie' | 'bearer' | undefined;
    /** The session the request came with (a row of `sessions`), when it still counts. */
    sessionId: string | undefined;
    /**
     * The door pass the request came with (its cookie), when it carried no staff session: set even when
     * the pass was revoked or has expired, for the door routes to say so (routes/door-event.ts). Never
     * `user`: a pass is no account.
     */
    doorPass: DoorPassRow | undefined;
  };
}
