import type { Logger } from '@memctx/shared';
import type { AuthContext } from '../auth/key-store.js';

// Augmenting Express's Request can only be written as a namespace.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the request-id middleware for every request. */
      requestId: string;
      /** Set by requireApiKey once the bearer key checks out. */
      auth?: AuthContext;
      /** Milliseconds per stage of this request (http/stages.ts); only requests that time stages have it. */
      stages?: Record<string, number>;
      /** When the handler returned, to time writing the response. */
      handledAt?: number;
      /** The request's logger, bound to its request id and caller (http/logging.ts). */
      log: Logger;
    }
    interface Response {
      /** An unexpected error the answer hides; the request's log line carries it (http/errors.ts). */
      err?: Error;
    }
  }
}

export {};
