import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../context';

export function registerCertificationRoutes(app: OpenAPIHono<ApiEnv>) {
  void app;
}
