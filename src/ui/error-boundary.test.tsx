import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw-server.ts';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken({ error }: { error: Error }): never {
  throw error;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ErrorBoundary', () => {
  it('shows what happened and a way on when a page fails to render, never a blank screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken error={new TypeError("Cannot read properties of undefined (reading 'name')")} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('nothing you typed in a form is lost');
    expect(screen.getByRole('alert')).toHaveTextContent("reading 'name'");
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('stays put when the code failed to load because the connection is gone, and loads anew back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    server.use(http.head('*', () => HttpResponse.error()));
    // Modules of its own: the page it loads anew leaves them reloading.
    vi.resetModules();
    const fresh = await import('./error-boundary.tsx');
    render(
      <fresh.ErrorBoundary>
        <Broken error={new TypeError('Failed to fetch dynamically imported module: /assets/forms-abc.js')} />
      </fresh.ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('tried again when you are back online');
    expect(reload).not.toHaveBeenCalled();

    // As it says: back online, the page is loaded again.
    server.use(http.head('*', () => new HttpResponse(null, { status: 200 })));
    fireEvent(window, new Event('online'));
    expect(await screen.findByRole('status')).toHaveTextContent('Back online. Loading the page again…');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads into a new build when code that a deployment removed fails to load, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    server.use(http.head('*', () => new HttpResponse(null, { status: 200 })));
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/forms-abc.js');
    const { unmount } = render(
      <ErrorBoundary>
        <Broken error={missing} />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Petstore Admin was updated. Loading the new version…')).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();

    // Still missing right after the reload (a fresh page: fresh modules, the same sessionStorage):
    // a clear page instead of another reload.
    vi.resetModules();
    const reloaded = await import('./error-boundary.tsx');
    render(
      <reloaded.ErrorBoundary>
        <Broken error={missing} />
      </reloaded.ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
