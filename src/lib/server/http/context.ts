import type { Logger } from 'pino';
import type { SessionContext } from '../../contracts/identity';

export type ApiEnv = {
  Bindings: { clientAddress?: string };
  Variables: {
    requestId: string;
    log: Logger;
    /** undefined: not looked up yet; null: no valid session. */
    session: SessionContext | null | undefined;
    token: string | null;
    /** Set by role routes (`openapiForBothRoles`): 1 on the buyer path, 2 on the supplier path. */
    userType: number;
  };
};
