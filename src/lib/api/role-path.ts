/**
 * The API path for the signed-in user's role: a supplier at work calls the supplier variant of a role route
 * (`/idealab-material/supplier/…`), everyone else the buyer path; the same rule the server gates with.
 */
import { $session } from '../stores/session';
import { pathForRole, userTypeOf } from '../supplier-path';

export const rolePath = (path: string): string => pathForRole(path, userTypeOf($session.get()));
