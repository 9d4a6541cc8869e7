import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../context';

export function registerMembershipRoutes(app: OpenAPIHono<ApiEnv>) {
  void app;
}
