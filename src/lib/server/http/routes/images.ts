import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { IMAGE_CONTENT_TYPES, IMAGE_FILE_PATTERN, IMAGE_FORMATS, IMAGE_PRESET_NAMES, type ImageFormat, type ImagePreset } from '../../../contracts/images';
import { ERROR } from '../../../errors';
import { findImage } from '../../images/find-image';
import { verifyImageSignature } from '../../images/image-url';
import { DERIVATIVE_VERSION } from '../../images/presets';
import { renderPreset } from '../../images/render-preset';
import { access } from '../access';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { errorAnswer } from '../envelope';

const binary = z.string().openapi({ format: 'binary' });

export function registerImageRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      // The signature is the access check: pages hand out signed URLs (`imageSources`) to whoever may see them.
      ...access('public'),
      method: 'get',
      path: '/img/{id}/{file}',
      tags: ['images'],
      summary: 'An image at a §9 preset, webp or jpg (`/api/img/<id>/<preset>.<fmt>?e=&s=`), by a signed URL valid 900 s',
      request: {
        params: z.object({
          id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          file: z
            .string()
            .regex(IMAGE_FILE_PATTERN, 'validation.invalidValue')
            .openapi({ description: `<preset>.<format>: preset ${IMAGE_PRESET_NAMES.join(', ')}; format ${IMAGE_FORMATS.join(', ')}`, example: 'medium.webp' }),
        }),
        query: z.object({
          e: z.coerce.number().int().nonnegative().optional().openapi({ description: 'Expiry, unix seconds' }),
          s: z.string().max(64).optional().openapi({ description: 'Signature' }),
        }),
      },
      responses: {
        200: {
          description: 'The image. Cache-Control lets browsers keep it until the URL expires.',
          content: { 'image/webp': { schema: binary }, 'image/jpeg': { schema: binary } },
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
