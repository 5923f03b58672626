// The numbers the app and the reference service must agree on.

/** The most pets a page of `GET /pets` may be asked for (the spec, §8). */
export const PAGE_SIZE_MAX = 100;
/** The page size of `GET /pets` when none is asked for (the spec, §8). */
export const PAGE_SIZE_DEFAULT = 20;

// Limits of the reference service that the spec does not state. The contract (petstore.yaml) states
// the same numbers, and public/config.json declares them for the app, which then enforces them
// before sending; a server test fails when any of them disagree.

/** The longest pet name the service stores, in characters. */
export const PET_NAME_MAX_LENGTH = 200;

/** The largest request body the service reads, in bytes; a larger one is answered 413. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;

/**
 * How long the service remembers an `Idempotency-Key` (the extension's 24 hours, in the contract):
 * a key older than this may add the pet again, so the app no longer sends a pet with it.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
