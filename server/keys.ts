import { createHash, timingSafeEqual } from 'node:crypto';
import { KEY_CHARACTER } from '../contract/text.ts';

const digest = (key: string) => createHash('sha256').update(key).digest();

export interface KeyRing {
  accepts(key: string): boolean;
}

/** Compares in constant time: hashing first makes every comparison the same length. */
export function createKeyRing(keys: readonly string[]): KeyRing {
  const digests = keys.map(digest);
  return {
    accepts(key) {
      const candidate = digest(key);
      let accepted = false;
      for (const known of digests) accepted = timingSafeEqual(known, candidate) || accepted;
      return accepted;
    },
  };
}

const BEARER = new RegExp(`^Bearer +(${KEY_CHARACTER.source}+) *$`, 'i');

/** The token of an `Authorization: Bearer <token>` header, or undefined for anything else. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** Whose it is, without keeping the key: what idempotency keys are stored under. */
export const keyOwner = (authorization: string | undefined) => digest(bearerToken(authorization) ?? '').toString('hex');
