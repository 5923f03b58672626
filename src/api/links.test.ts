import { describe, expect, it } from 'vitest';
import { isKeptLink, linkUrl, nextLink } from './links.ts';

const BASE = 'https://api.example/v1';

/** A response to `url` with this `Link` header, as fetch gives it. */
function answer(link: string | undefined, url = `${BASE}/pets?limit=20&status=sold`) {
  const response = new Response('[]', { headers: link === undefined ? {} : { Link: link } });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

describe('nextLink', () => {
  it.each([
    [
      'a cursor, relative to the request',
      '<?limit=20&status=sold&cursor=abc.def>; rel="next"',
      'pets?limit=20&status=sold&cursor=abc.def',
    ],
    ['a page number', '<?page=2>; rel="next"', 'pets?page=2'],
    ['an offset and a limit', '<pets?offset=40&limit=20>; rel=next', 'pets?offset=40&limit=20'],
    ['an opaque after', '<./pets?after=9007199254740993>; rel="next"', 'pets?after=9007199254740993'],
    ['a path of its own under the base', '</v1/pets/page/2>; rel="next"', 'pets/page/2'],
    ['an absolute target', '<https://api.example/v1/pets?page=3&size=20>; rel="next"', 'pets?page=3&size=20'],
    ['a query kept exactly, encoding and order', '<?b=2&a=%2F%20x&a=1>; rel="next"', 'pets?b=2&a=%2F%20x&a=1'],
    ['a fragment, which is never sent, dropped', '<?page=2#top>; rel="next"', 'pets?page=2'],
  ])('follows %s', (_, header, expected) => {
    expect(nextLink(answer(header), BASE)).toBe(expected);
  });

  it.each([
    ['prev, then next', '<?page=1>; rel="prev", <?page=3>; rel="next"', 'pets?page=3'],
    ['next among several rels', '<?page=9>; rel="last", <?page=3>; rel="prev next"', 'pets?page=3'],
    ['rel upper-cased, with spaces', '<?page=1>;rel=first ,  <?page=2> ; REL = "Next"', 'pets?page=2'],
    [
      'other parameters around rel',
      '<?page=2>; title="more, please"; rel="next"; type="application/json"',
      'pets?page=2',
    ],
  ])('picks the next one out of several links: %s', (_, header, expected) => {
    expect(nextLink(answer(header), BASE)).toBe(expected);
  });

  it.each([
    ['no Link header', undefined],
    ['no next link', '<?page=1>; rel="prev", <?page=9>; rel="last"'],
    ['a next-page relation that is not next', '<?page=2>; rel="nextpage"'],
    ['another origin', '<https://elsewhere.example/v1/pets?page=2>; rel="next"'],
    ['another port of the same host', '<https://api.example:8443/v1/pets?page=2>; rel="next"'],
    ['http where the API is https', '<http://api.example/v1/pets?page=2>; rel="next"'],
    ['outside the base', '</v2/pets?page=2>; rel="next"'],
    ['out of the base by dot segments', '<../v2/pets?page=2>; rel="next"'],
    ['a base that only starts alike', '</v10/pets?page=2>; rel="next"'],
    ['the base itself', '</v1/>; rel="next"'],
    ['a scheme the browser would not fetch', '<javascript:alert(1)>; rel="next"'],
    ['garbage', 'garbage'],
  ])('ignores %s', (_, header) => {
    expect(nextLink(answer(header), BASE)).toBeUndefined();
  });

  it('takes a base written with a trailing slash alike', () => {
    expect(nextLink(answer('<?page=2>; rel="next"'), `${BASE}/`)).toBe('pets?page=2');
  });
});

describe('linkUrl', () => {
  it('requests a kept link under the base, exactly as the service wrote it', () => {
    expect(linkUrl(BASE, 'pets?offset=40&limit=20')?.href).toBe('https://api.example/v1/pets?offset=40&limit=20');
    expect(linkUrl(`${BASE}/`, 'pets/page/2')?.href).toBe('https://api.example/v1/pets/page/2');
  });

  it.each([
    ['another origin', '//elsewhere.example/v1/pets'],
    ['an absolute URL', 'https://elsewhere.example/'],
    ['a path from the root', '/v2/pets'],
    ['dot segments', '../v2/pets'],
    ['encoded dot segments', '%2e%2e/v2/pets'],
    ['a backslash', '..\\v2\\pets'],
    ['a fragment', 'pets?page=2#x'],
    ['nothing', ''],
  ])('refuses %s, which would leave the base or is no link nextLink keeps', (_, link) => {
    expect(linkUrl(BASE, link)).toBeUndefined();
    expect(isKeptLink(link)).toBe(false);
  });
});
