import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reload, useAskBeforeLeaving } from './leaving.ts';

/** Whether the browser would ask before the page goes: a `beforeunload` listener cancelled it. */
function asks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('asking before the tab leaves the app', () => {
  it('asks while the tab holds something, and no longer once it does not', () => {
    const { rerender, unmount } = renderHook(({ holding }) => useAskBeforeLeaving(holding), {
      initialProps: { holding: false },
    });
    expect(asks()).toBe(false);
    rerender({ holding: true });
    expect(asks()).toBe(true);
    rerender({ holding: false });
    expect(asks()).toBe(false);
    rerender({ holding: true });
    unmount();
    expect(asks()).toBe(false);
  });

  // Last: the page is then on its way out, as far as this module knows.
  it("does not ask before the app's own reload, which keeps what the tab holds", () => {
    const reloadPage = vi.fn();
    vi.stubGlobal('location', { ...location, reload: reloadPage });
    renderHook(() => useAskBeforeLeaving(true));
    reload();
    expect(reloadPage).toHaveBeenCalledOnce();
    expect(asks()).toBe(false);
    vi.unstubAllGlobals();
  });
});
