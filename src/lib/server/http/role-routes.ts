/**
 * One route definition for both roles (§6): the buyer path and the supplier path (with `/supplier` after the
 * service prefix), each documented in the OpenAPI document. The handler learns which one was called from
 * `c.get('userType')`: 1 on the buyer path, 2 on the supplier path.
 */
import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import { USER_TYPE } from '../../constants';
import { supplierPath } from '../../supplier-path';
import type { ApiEnv } from './context';

export function openapiForBothRoles<R extends RouteConfig>(app: OpenAPIHono<ApiEnv>, route: R, handler: RouteHandler<R, ApiEnv>) {
  const forRole = (userType: number): RouteHandler<R, ApiEnv> =>
    ((c, next) => {
      c.set('userType', userType);
      return handler(c, next);
    }) as RouteHandler<R, ApiEnv>;
  app.openapi(route, forRole(USER_TYPE.buyer));
  app.openapi({ ...route, path: supplierPath(route.path), tags: [...(route.tags ?? []), 'supplier'] }, forRole(USER_TYPE.supplier));
}
