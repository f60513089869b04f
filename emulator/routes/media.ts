/**
 * `GET /media/<file>`: stored media files (the generated product SVGs). Public, cacheable for a year.
 */
import { notFound } from '../errors.ts';
import type { RouteModule } from '../router.ts';

export const mediaRoutes: RouteModule = (router) => {
  router.get(
    '/media/:file',
    (ctx) => {
      const file = ctx.params['file'] ?? '';
      const row = ctx.db
        .prepare<[string], { mime_type: string; content: Buffer }>('SELECT mime_type, content FROM media_files WHERE id = ?')
        .get(file);
      if (!row) throw notFound(`Media file ${file} not found`, 'MEDIA_NOT_FOUND');
      return {
        body: row.content,
        contentType: row.mime_type,
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
