import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Announcer, useAnnouncement } from './announcer.tsx';

function Screen({ news }: { news?: string }) {
  useAnnouncement(news);
  return null;
}

afterEach(() => vi.useRealTimers());

it('says news in a live region that was there before, anew when said again, and no longer once its screen goes', () => {
  const { rerender } = render(
    <>
      <Screen />
      <Announcer />
    </>,
  );
  const region = screen.getByRole('status');
  expect(region).toBeEmptyDOMElement();

  rerender(
    <>
      <Screen news="Pet added." />
      <Announcer />
    </>,
  );
  expect(screen.getByRole('status')).toBe(region);
  expect(region).toHaveTextContent('Pet added.');
  const line = region.firstChild;

  // Another screen with the same news: a new line, which is read out again.
  rerender(
    <>
      <Screen key="next" news="Pet added." />
      <Announcer />
    </>,
  );
  expect(region).toHaveTextContent('Pet added.');
  expect(region.firstChild).not.toBe(line);

  rerender(<Announcer />);
  expect(region).toBeEmptyDOMElement();
});

it('takes the words out of the region once they have been read out, while the screen still shows them', () => {
  vi.useFakeTimers();
  render(
    <>
      <Screen news="You have signed out." />
      <Announcer />
    </>,
  );
  const region = screen.getByRole('status');
  expect(region).toHaveTextContent('You have signed out.');
  act(() => vi.advanceTimersByTime(4000));
  expect(region).toHaveTextContent('You have signed out.');
  // Not said twice to someone reading the page line by line: the screen shows them.
  act(() => vi.advanceTimersByTime(1000));
  expect(region).toBeEmptyDOMElement();
});
