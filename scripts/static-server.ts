// Serves a built app the way the production CDN is configured to: strict CSP, hashed assets cached
// forever, index.html and config.json revalidated, client routes falling back to index.html, under
// any path prefix. `npm run preview`, the end-to-end tests and the benchmarks all use it.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

export interface StaticServerOptions {
  distDir?: string;
  /** Where the app is mounted, e.g. `/` or `/admin/`. */
  basePath?: string;
  /** A config.json to serve instead of the one in the build (a deployment's replacement). */
  config?: string;
  host?: string;
  port?: number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** connect-src must name the API origins, which only config.json knows. */
function contentSecurityPolicy(configText: string): string {
  const origins = new Set<string>();
  try {
    const config = JSON.parse(configText) as { environments?: { apiBaseUrl?: string; messagesBaseUrl?: string }[] };
    for (const env of config.environments ?? []) {
      for (const url of [env.apiBaseUrl, env.messagesBaseUrl]) {
        if (url) origins.add(new URL(url).origin);
      }
    }
  } catch {
    // A broken config.json still gets served: the app shows the problem to whoever opens it.
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${[...origins].join(' ')}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function startStaticServer(
  options: StaticServerOptions = {},
): Promise<{ url: string; app: FastifyInstance }> {
  const distDir = resolve(options.distDir ?? 'dist');
  const basePath = `/${(options.basePath ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  const configText = options.config ?? readFileSync(join(distDir, 'config.json'), 'utf8');
  const csp = contentSecurityPolicy(configText);

  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  app.get(`${basePath}config.json`, (_request, reply) =>
    reply.header('Cache-Control', REVALIDATE).type('application/json').send(configText),
  );

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: basePath,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : REVALIDATE);
    },
  });

  const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html', distDir);

  app.get(basePath, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    } catch {
      return reply.code(400).type('text/plain').send('Bad request');
    }
    if (!path.startsWith(basePath) || request.method !== 'GET') {
      return reply.code(404).type('text/plain').send('Not found');
    }
    // Under a deep link (/base/pets/7) the page's relative asset URLs resolve below it: serve them
    // from there too (a rewrite, not a redirect, so every module keeps one address per page load).
    const asset = /\/assets\/([\w.-]+)$/.exec(path)?.[1];
    if (asset) {
      return existsSync(join(distDir, 'assets', asset))
        ? reply.header('Cache-Control', IMMUTABLE).sendFile(join('assets', asset), distDir)
        : reply.code(404).type('text/plain').send('Not found');
    }
    // A client route: the app decides what to show.
    return sendIndex(reply);
  });

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 4173 });
  return { url: `${address}${basePath}`, app };
}
