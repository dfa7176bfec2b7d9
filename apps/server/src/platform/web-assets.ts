import path from 'node:path';
import type { FastifyReply } from 'fastify';

/** Vite names every file under assets/ by its content hash: it never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon, banners) is revalidated (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/** Cache-Control for a built web file, by its path inside the build folder. */
export function cacheControlFor(root: string, filePath: string): string {
  const rel = path.relative(root, filePath).split(path.sep).join('/');
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * @fastify/static options for the built SPA (decision 013): the `.br`/`.gz` copies written at
 * build time are sent to browsers that accept them, hashed assets are cached for a year.
 */
export function webAssetOptions(root: string) {
  return {
    root,
    prefix: '/',
    index: false as const,
    // /.env and other dotfiles are never served; the not-found handler answers 404 (decision 008).
    dotfiles: 'ignore' as const,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(root, filePath));
    },
  };
}
