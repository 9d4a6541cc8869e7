import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { binarySchema } from '../../../contracts/common';
import { IMAGE_CONTENT_TYPES, imageFileParamsSchema, signedImageQuerySchema, type ImageFormat, type ImagePreset } from '../../../contracts/images';
import { ERROR } from '../../../errors';
import { findImage } from '../../images/find-image';
import { verifyImageSignature } from '../../images/image-url';
import { DERIVATIVE_VERSION } from '../../images/presets';
import { renderPreset } from '../../images/render-preset';
import { access } from '../access';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { errorAnswer } from '../envelope';

export function registerImageRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      // The signature is the access check: pages hand out signed URLs (`imageSources`) to whoever may see them.
      ...access('public'),
      method: 'get',
      path: '/img/{id}/{file}',
      tags: ['images'],
      summary: 'An image at a preset, webp or jpg (`/api/img/<id>/<preset>.<fmt>?e=&s=`), by a signed URL valid 900 s',
      request: {
        params: imageFileParamsSchema,
        query: signedImageQuerySchema,
      },
      responses: {
        200: {
          description: 'The image. Cache-Control lets browsers keep it until the URL expires.',
          content: { 'image/webp': { schema: binarySchema }, 'image/jpeg': { schema: binarySchema } },
        },
        304: { description: 'Unchanged since the ETag the client holds' },
        403: errorAnswer('The signature is missing, wrong or expired'),
        404: errorAnswer('No such image'),
        422: errorAnswer('Not a preset or format'),
      },
    }),
    async (c) => {
      const { id, file } = c.req.valid('param');
      const [preset, format] = file.split('.') as [ImagePreset, ImageFormat];
      const { e, s } = c.req.valid('query');
      const now = Date.now();
      if (e === undefined || s === undefined || !verifyImageSignature(id, preset, format, e, s, now)) {
        throw new AppError(ERROR.authError, { message: 'The image link is invalid or has expired' });
      }
      const image = await findImage(id);
      if (!image) throw new AppError(ERROR.empty, { message: 'No such image' });

      const etag = `"${image.sha256.slice(0, 20)}-${preset}-${format}-${DERIVATIVE_VERSION}"`;
      const headers: Record<string, string> = {
        'Cache-Control': `public, max-age=${Math.max(0, Math.floor(e - now / 1000))}, immutable`,
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
      };
      if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);

      const derivative = await renderPreset(image, preset, format);
      const body = Readable.toWeb(createReadStream(derivative.file)) as ReadableStream<Uint8Array>;
      return c.body(body, 200, {
        ...headers,
        'Content-Type': IMAGE_CONTENT_TYPES[format],
        'Content-Length': String(derivative.bytes),
        'Content-Disposition': `inline; filename="${id}-${preset}.${format}"`,
      });
    },
  );
}
