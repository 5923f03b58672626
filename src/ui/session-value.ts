import { STORAGE_PREFIX } from '../features/auth/session.ts';

/**
 * A value kept in sessionStorage for this session (what a person has typed, what they have sent):
 * it survives a reload and a re-sign-in after a revoked key, and sign-out clears it with the rest.
 */
export function sessionValue<T extends object>(name: string, isValid: (value: unknown) => value is T) {
  const key = `${STORAGE_PREFIX}${name}`;
  return {
    load(): T | undefined {
      try {
        const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
        return isValid(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    save(value: T) {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the form still works, only the safety net is missing.
      }
    },
    clear() {
      sessionStorage.removeItem(key);
    },
  };
}
