import { describe, expect, it } from 'vitest';
import { messageFormSchema } from './message.ts';

describe('messageFormSchema', () => {
  const schema = messageFormSchema({ requestBodyMaxBytes: 1000 });

  it.each([
    ['plain', 'x'],
    ['accented', 'é'],
    ['emoji', '🐶'],
    ['control character, escaped in JSON', '\u0007'],
    ['quote', '"'],
  ])('asks to cut as many characters as make a long message fit, and no fewer: %s', (_, character) => {
    const text = `a${`${character}a`.repeat(600)}`;
    const refused = schema.safeParse({ message: text });
    const [, cut] = /by ([\d,]+) characters?:/.exec(refused.error?.issues[0]?.message ?? '') ?? [];
    const n = Number(cut?.replaceAll(',', ''));
    const characters = [...text];
    expect(schema.safeParse({ message: characters.slice(0, -n).join('') }).success).toBe(true);
    expect(schema.safeParse({ message: characters.slice(0, -(n - 1)).join('') }).success).toBe(false);
  });
});
