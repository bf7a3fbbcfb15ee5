import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { NotFoundError } from '@finance/platform';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/**
 * The bundle's hashed files (dist/assets): a new build gives every changed file a new name, so a browser may keep
 * them for a year without asking again. Vite writes a brotli (.br) and a gzip (.gz) copy of each beside it at
 * build time (web/vite.config.mjs), so nothing is compressed per request: the best one the browser accepts is
 * sent with its Content-Encoding, and Vary tells caches that the answer depends on Accept-Encoding. A missing
 * asset is a 404, never index.html (an old page asking for a chunk of a previous build must not get HTML as script).
 */
export function assetFiles(dir: string): Router {
  const router = express.Router();
  const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('vary', 'Accept-Encoding');
    const path = normalize(join(dir, decodeURIComponent(req.path)));
    if (!path.startsWith(dir + sep)) return next();
    const extension = Object.keys(types).find((ext) => path.endsWith(ext));
    if (!extension) return next();
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (req.acceptsEncodings(encoding) !== encoding || !existsSync(path + suffix) || !statSync(path + suffix).isFile()) continue;
      res.setHeader('content-encoding', encoding);
      res.setHeader('content-type', types[extension]!);
      res.sendFile(path + suffix, { maxAge: '1y', immutable: true }, (err) => err && next(err));
      return;
    }
    next();
  });
  router.use(express.static(dir, { index: false, maxAge: '1y', immutable: true }));
  router.use((req) => {
    throw new NotFoundError(`no such asset: ${req.path}`);
  });
  return router;
}

/**
 * The built browser application: the hashed assets (above), the other files of dist/ (cached an hour, HTML not),
 * and index.html for every other GET (routing is by `#/<page>`), `no-cache`; 503 while it has not been built.
 */
export function webApp(distDir: string): Router {
  const index = join(distDir, 'index.html');
  const router = express.Router();
  router.use('/assets', assetFiles(join(distDir, 'assets')));
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('cache-control', 'no-cache'),
    }),
  );
  router.get('/{*path}', (_req, res) => {
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The console front end has not been built: run `pnpm --filter console build` (pnpm start builds it when missing).');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
