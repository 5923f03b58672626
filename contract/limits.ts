// Limits of the service that the app enforces too, so a form says so before anything is sent. The
// contract (petstore.yaml) states the same numbers; a server test fails when the two disagree.

/** The longest pet name the service stores, in characters. */
export const PET_NAME_MAX_LENGTH = 200;

/** The largest request body the service reads, in bytes; a larger one is answered 413. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
