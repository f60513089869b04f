/**
 * `GET /media/<file>`: stored media files (the generated product SVGs). Public, cacheable for a year.
 */
import { getMediaFile } from '../domain/media.ts';
import { notFound } from '../errors.ts';
import type { RouteModule } from '../router.ts';

export const mediaRoutes: RouteModule = (router) => {
  router.get(
    '/media/:file',
    (ctx) => {
      const file = ctx.params['file'] ?? '';
      const row = getMediaFile(ctx.db, file);
      if (!row) throw notFound(`Media file ${file} not found`, 'MEDIA_NOT_FOUND');
      return {
        body: row.content,
        contentType: row.mimeType,
        headers: {
          'Cache-Control': 'public, max-age=31536000, immutable',
          // An SVG opened directly must not run anything.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          'X-Content-Type-Options': 'nosniff',
        },
      };
    },
    { cors: 'public' },
  );
};
