import { dirname } from 'node:path';
import express, { type Router } from 'express';

/**
 * GET /docs: Swagger UI over the service's openapi.json (at `documentUrl`), served from the swagger-ui-dist package itself, so the
 * page works without reaching any CDN and within helmet's default Content-Security-Policy (scripts from self).
 */
export function docsRouter(service: string, documentUrl = '/api/v1/openapi.json'): Router {
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
  const router = express.Router();
  router.get('/', (_req, res) => {
    res.type('html').send(`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${service} API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`);
  });
  router.get('/init.js', (_req, res) => {
    res.type('application/javascript').send(`window.ui = SwaggerUIBundle({ url: ${JSON.stringify(documentUrl)}, dom_id: '#swagger-ui', deepLinking: true });`);
  });
  router.use('/assets', express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
