import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Announcer, useAnnouncement } from './announcer.tsx';

function Screen({ news }: { news?: string }) {
  useAnnouncement(news);
  return null;
}

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
