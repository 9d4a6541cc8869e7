/**
 * One route definition for both roles: the buyer path and the supplier path (with `/supplier` after the service
 * prefix), each documented in the OpenAPI document (docs/api-paths.md). The handler learns which one was called
 * from `c.get('userType')`: 1 on the buyer path, 2 on the supplier path; a `userType` a client also sends in the
 * body or query is not trusted over the path.
 *
 * The buyer path keeps the route's own access (`session`: anyone signed in, a supplier included, on their own
 * things); the supplier path is only for a supplier at work (`supplier` access), so a buyer who calls it gets
 * 100403 rather than a supplier's view of their own data. A route that needs a permission code needs it on both
 * paths: the supplier path then checks that the caller is a supplier at work and holds the code, and is documented
 * with the code as its access.
 */
import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { USER_TYPE } from '../../constants';
import { supplierPath } from '../../supplier-path';
import type { ApiTokenScope } from '../../contracts/integrations-api-tokens';
import { access, type Access, type FrozenRule } from './access';
import type { ApiEnv } from './context';

type SessionRoute = RouteConfig & { 'x-access': Extract<Access, 'session' | `permission:${string}`>; 'x-token-scope'?: ApiTokenScope };

/** The supplier path's access: a supplier at work, and the route's permission code when it has one. */
function supplierAccess(route: SessionRoute, frozen: FrozenRule) {
  const supplier = access('supplier', frozen, route['x-token-scope']);
  const kind = route['x-access'];
  if (kind === 'session') return supplier;
  const permission = access(kind, frozen, route['x-token-scope']);
  return { ...permission, middleware: [...supplier.middleware, ...permission.middleware] };
}

export function openapiForBothRoles<R extends SessionRoute>(app: OpenAPIHono<ApiEnv>, route: R, handler: RouteHandler<R, ApiEnv>, frozen: FrozenRule) {
  const forRole = (userType: number): RouteHandler<R, ApiEnv> =>
    ((c, next) => {
      c.set('userType', userType);
      return handler(c, next);
    }) as RouteHandler<R, ApiEnv>;
  app.openapi(route, forRole(USER_TYPE.buyer));
  const supplierRoute = {
    ...route,
    ...supplierAccess(route, frozen),
    path: supplierPath(route.path),
    tags: [...(route.tags ?? []), 'supplier'],
    description: [route.description, 'Supplier path: for a supplier working in a supplier company; answers as `userType` 2.'].filter(Boolean).join('\n\n'),
  } as unknown as R;
  app.openapi(supplierRoute, forRole(USER_TYPE.supplier));
}

/** Path middleware (e.g. the same-origin check of a state-changing GET) for both of a role route's paths. */
export function useForBothRoles(app: OpenAPIHono<ApiEnv>, path: string, ...middleware: MiddlewareHandler<ApiEnv>[]) {
  for (const p of [path, supplierPath(path)]) app.use(p, ...middleware);
}
