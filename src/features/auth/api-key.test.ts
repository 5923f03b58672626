import { describe, expect, it } from 'vitest';
import { readApiKey } from './api-key.ts';

const problem = (what: string) =>
  `The key holds ${what}, which no API key can: a copy from a document or a chat may have changed it. Type it again, or copy it from where it was issued.`;

describe('readApiKey', () => {
  it.each([
    ['demo-key_1.x~+/=', 'demo-key_1.x~+/='],
    ['  demo-key \n', 'demo-key'],
    // The header's value copied whole.
    ['Bearer demo-key', 'demo-key'],
    ['bearer   demo-key', 'demo-key'],
    ['Authorization: Bearer demo-key', 'demo-key'],
  ])('sends %j as %j', (typed, key) => {
    expect(readApiKey(typed)).toEqual({ key });
  });

  it.each([
    ['', 'Enter your API key.'],
    [' \t', 'Enter your API key.'],
    ['“demo-key”', problem('the character “ (U+201C)')],
    ['demo‑key', problem('the character ‑ (U+2011)')],
    ['ключ', problem('the character к (U+043A)')],
    ['demo key', problem('a space')],
    ['demo\u200Bkey', problem('an invisible character (U+200B)')],
    ['demo\tkey', problem('a tab')],
    ['demo\u00A0key', problem('a space (U+00A0)')],
  ])('refuses %j: %s', (typed, said) => {
    expect(readApiKey(typed)).toEqual({ problem: said });
  });
});
