import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM, type DOMWindow } from 'jsdom';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { chunksOf, compileBootScript, PLACEHOLDER, withFirstScreens } from './first-screens.ts';

const SESSION_KEY = 'petstore-admin.session';

describe('withFirstScreens', () => {
  it('puts both screens where index.html asks for them, each in its own block', () => {
    const html = `<div id="root">${PLACEHOLDER}</div>`;
    expect(withFirstScreens(html, { signedOut: '<form/>', signedIn: '<main/>', sessionStorageKey: SESSION_KEY })).toBe(
      '<div id="root"><div data-boot="signed-out"><form/></div><div data-boot="signed-in"><main/></div></div>',
    );
  });

  it('fails the build when index.html does not ask for them', () => {
    expect(() =>
      withFirstScreens('<div id="root"></div>', { signedOut: '', signedIn: '', sessionStorageKey: '' }),
    ).toThrow(PLACEHOLDER);
  });
});

describe('chunksOf', () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], isEntry = false) =>
    [fileName, { type: 'chunk', fileName, facadeModuleId, imports, isEntry }] as const;
  const bundle = Object.fromEntries([
    chunk('index.js', '/app/src/main.tsx', [], true),
    chunk('signed-in-app.js', '/app/src/app/signed-in-app.tsx', ['index.js', 'queries.js']),
    chunk('queries.js', null, ['zod.js', 'index.js']),
    chunk('zod.js', null, []),
    chunk('pets-page.js', '/app/src/pets-page.tsx', ['queries.js']),
  ]) as unknown as Rollup.OutputBundle;

  it("gives a module's chunk and what it imports, however deep, but the entry", () => {
    expect(chunksOf(bundle, '/src/app/signed-in-app.tsx')).toEqual(['signed-in-app.js', 'queries.js', 'zod.js']);
  });

  it('fails the build for a module that is no chunk', () => {
    expect(() => chunksOf(bundle, '/src/gone.tsx')).toThrow('/src/gone.tsx');
  });
});

describe('the boot script', async () => {
  const code = await compileBootScript(join(import.meta.dirname, '../src/boot.ts'));

  /** A page with the boot script in its head, run as a browser runs it, before the body is parsed. */
  function load({ signedIn }: { signedIn: boolean }) {
    const { window } = new JSDOM(
      `<!doctype html><html><head><script data-session-key="${SESSION_KEY}" data-preload="/a.js /b.js">${code}</script></head>` +
        '<body><form id="sign-in-form"><button>Sign in</button></form></body></html>',
      {
        url: 'https://app.test/admin/',
        runScripts: 'dangerously',
        beforeParse(window) {
          if (signedIn) window.sessionStorage.setItem(SESSION_KEY, '{}');
        },
      },
    );
    return window;
  }
  const preloads = (window: DOMWindow) =>
    Array.from(window.document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));

  it('is a script of its own: no import, no export', () => {
    expect(code).not.toMatch(/\b(import|export)\b/);
  });

  it('shows the sign-in screen when signed out, and asks for nothing more', () => {
    const window = load({ signedIn: false });
    expect(window.document.documentElement.dataset['session']).toBe('out');
    expect(preloads(window)).toEqual([]);
  });

  it('shows the signed-in frame when signed in, and asks for the signed-in code at once', () => {
    const window = load({ signedIn: true });
    expect(window.document.documentElement.dataset['session']).toBe('in');
    expect(preloads(window)).toEqual(['/a.js', '/b.js']);
  });

  it('holds a form sent before the app runs, naming it for the app to send again; then lets forms be', () => {
    const window = load({ signedIn: false });
    const form = window.document.getElementById('sign-in-form') as HTMLFormElement;
    const submit = () => form.dispatchEvent(new window.Event('submit', { bubbles: true, cancelable: true }));
    expect(submit()).toBe(false);
    expect(window.document.documentElement.dataset['heldSubmit']).toBe('sign-in-form');
    window.document.documentElement.dataset['app'] = 'ready';
    expect(submit()).toBe(true);
  });
});

describe('a build of the app', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'first-screens-'));
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(`${outDir}.meta`, { recursive: true, force: true });
  });

  it('has both first screens in index.html, and the boot script in its head', { timeout: 60_000 }, async () => {
    await build({ base: '/admin/', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const { document } = new JSDOM(html).window;
    expect(document.querySelector('[data-boot="signed-out"] h1')?.textContent).toBe('Petstore Admin');
    expect(document.querySelector('[data-boot="signed-out"] input[type="password"]')).not.toBeNull();
    expect(document.querySelector('[data-boot="signed-in"] nav a')?.getAttribute('href')).toBe('/admin/pets');
    const boot = document.querySelector<HTMLScriptElement>('head script[data-session-key]')!;
    expect(boot.getAttribute('type')).toBeNull();
    expect(boot.dataset['sessionKey']).toBe(SESSION_KEY);
    expect(boot.src).toMatch(/^\/admin\/assets\/boot-[\w-]+\.js$/);
    expect(boot.dataset['preload']).toMatch(/\/admin\/assets\/signed-in-app-[\w-]+\.js/);
    expect(html).not.toContain(PLACEHOLDER);
  });
});
