import { KEY_CHARACTER } from '../../../contract/text.ts';

/**
 * Characters a key is often pasted with, named as a person knows them. Not a line break: a text
 * field drops those from what is pasted into it.
 */
const NAMED_CHARACTERS: Record<string, string> = { ' ': 'a space', '\t': 'a tab' };

/**
 * The API key typed or pasted, as it is sent (`Authorization: Bearer <key>`), or what keeps it from
 * being one. A copy brings along what is not the key: spaces around it, the header's name and
 * scheme, or characters a document or a chat changed (typographic quotes and dashes). What a bearer
 * token cannot hold is named rather than sent.
 */
export function readApiKey(typed: string): { key: string } | { problem: string } {
  const key = typed.trim().replace(/^(?:Authorization:\s*)?Bearer\s+/i, '');
  if (!key) return { problem: 'Enter your API key.' };
  const odd = Array.from(key).find((char) => !KEY_CHARACTER.test(char));
  if (odd === undefined) return { key };
  const code = `U+${odd.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const what =
    NAMED_CHARACTERS[odd] ??
    (/\s/u.test(odd)
      ? `a space (${code})`
      : /[\p{L}\p{N}\p{P}\p{S}]/u.test(odd)
        ? `the character ${odd} (${code})`
        : `an invisible character (${code})`);
  return {
    problem: `The key holds ${what}, which no API key can: a copy from a document or a chat may have changed it. Type it again, or copy it from where it was issued.`,
  };
}
