/**
 * The supplier role's API paths insert a `supplier` segment after the service prefix (§6):
 * `/idealab-material/collect/folder/add` → `/idealab-material/supplier/collect/folder/add`.
 * Shared by the server (one route definition serves both) and the client (which picks by role).
 */
import { USER_TYPE } from './constants';

export function supplierPath(path: string): string {
  const m = /^(\/api)?(\/[^/]+)(\/.*)?$/.exec(path);
  if (!m) return path;
  const [, api = '', service, rest = ''] = m;
  if (rest.startsWith('/supplier/') || rest === '/supplier') return path;
  return `${api}${service}/supplier${rest}`;
}

/** The path for a user type: suppliers get the supplier segment. */
export function pathForRole(path: string, userType: number): string {
  return userType === USER_TYPE.supplier ? supplierPath(path) : path;
}
