// `npm run preview`: the build in dist/ as it will be deployed, served by nginx with deploy/nginx.conf
// on http://127.0.0.1:4173 at the base it was built for. Where nginx is not installed, `vite preview`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { nginxPath, serveUntilSignal, startNginx } from './nginx.ts';

const html = readFileSync('dist/index.html', 'utf8');
const base = /src="([^"]*?)assets\//.exec(html)?.[1] ?? '/';

if (nginxPath()) {
  serveUntilSignal(await startNginx({ dist: 'dist', base, port: 4173 }));
} else {
  console.log('nginx is not installed: serving with `vite preview` instead (no CSP, no cache rules).');
  spawn('npx', ['vite', 'preview', '--base', base, '--port', '4173', '--strictPort'], { stdio: 'inherit' }).on(
    'exit',
    (code) => process.exit(code ?? 0),
  );
}
