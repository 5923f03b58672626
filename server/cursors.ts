import { createHmac, timingSafeEqual } from 'node:crypto';
import { INT64_MAX } from '../contract/int64.ts';

/** Makes and checks the `cursor` of `Link: rel="next"`: a position in the list, signed. */
export interface CursorCodec {
  encode(before: bigint): string;
  /** The position of a cursor signed with one of the secrets, or undefined for any other text. */
  decode(cursor: string): bigint | undefined;
}

/**
 * Signs with the first secret and accepts any of them, so that a secret can be rotated: put the new
 * one first and keep the old one second until the cursors it signed are no longer in use. Every
 * instance given the same secrets accepts the cursors of every other.
 */
export function createCursorCodec(secrets: readonly Buffer[]): CursorCodec {
  if (secrets.length === 0) throw new Error('A cursor codec needs at least one secret.');
  const sign = (secret: Buffer, before: bigint) =>
    createHmac('sha256', secret).update(before.toString()).digest().subarray(0, 12);
  // Every reader of the first page gets the same cursor until the next create: sign it once.
  let last = { before: -1n, cursor: '' };
  return {
    encode(before) {
      if (last.before !== before) {
        const position = Buffer.from(before.toString()).toString('base64url');
        last = { before, cursor: `${position}.${sign(secrets[0]!, before).toString('base64url')}` };
      }
      return last.cursor;
    },
    decode(cursor) {
      const [position, mac, extra] = cursor.split('.');
      if (!position || !mac || extra !== undefined) return undefined;
      const text = Buffer.from(position, 'base64url').toString();
      if (!/^(0|[1-9]\d{0,18})$/.test(text) || BigInt(text) > INT64_MAX) return undefined;
      const before = BigInt(text);
      // Only the text encode writes: Node's decoder skips stray characters and padding, so a cursor
      // with them would name the same position under another spelling.
      if (position !== Buffer.from(text).toString('base64url')) return undefined;
      const given = Buffer.from(mac, 'base64url');
      if (mac !== given.toString('base64url')) return undefined;
      const signed = secrets.some((secret) => {
        const expected = sign(secret, before);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      return signed ? before : undefined;
    },
  };
}
