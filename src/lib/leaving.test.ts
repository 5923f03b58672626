import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reload, useAskBeforeLeaving } from './leaving.ts';

/** Whether the browser would ask before the page goes: a `beforeunload` listener cancelled it. */
function asks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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

  it("does not ask before the app's own reload, which keeps what the tab holds; asks again if it is stopped", () => {
    vi.useFakeTimers();
    const reloadPage = vi.fn();
    vi.stubGlobal('location', { ...location, reload: reloadPage });
    renderHook(() => useAskBeforeLeaving(true));
    reload();
    expect(reloadPage).toHaveBeenCalledOnce();
    expect(asks()).toBe(false);
    // Still here a few seconds on: the reload was stopped, and closing the tab would lose it all.
    vi.advanceTimersByTime(3000);
    expect(asks()).toBe(true);
  });
});
