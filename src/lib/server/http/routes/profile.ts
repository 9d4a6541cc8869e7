import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../context';

export function registerProfileRoutes(app: OpenAPIHono<ApiEnv>) {
  void app;
}
