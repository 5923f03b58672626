import type { components } from '../contract/schema.gen.ts';

export type ErrorBody = components['schemas']['Error'];

/** An error that is meant for the client: its code, message and status are sent as they are. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** Headers that go with the answer (`Retry-After`, say). */
  readonly headers: Record<string, string>;

  constructor(body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = body.status;
    this.code = body.code;
    this.headers = headers;
  }
}
