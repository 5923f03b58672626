import { describe, expect, it } from 'vitest';
import { sessionStore, sessionValue } from './session.ts';

const isNote = (value: unknown): value is { note: string } => typeof (value as { note?: unknown })?.note === 'string';
const draft = sessionValue('test-draft', isNote, { draft: true });
const sent = sessionValue('test-sent', isNote);

describe('what a key that stopped working leaves', () => {
  it('its drafts come back for the next key signed in to that environment, and nothing else does', () => {
    sessionStore.signIn({ apiKey: 'revoked-key', environmentName: 'Store' });
    draft.save({ note: 'Half-written' });
    sent.save({ note: 'Sent already' });
    sessionStore.expire();

    sessionStore.signIn({ apiKey: 'new-key', environmentName: 'Store' });
    expect(draft.load()).toEqual({ note: 'Half-written' });
    expect(sent.load()).toBeUndefined();
    // Taken, not copied: the revoked key's session keeps no second copy.
    expect(draft.owners()).toHaveLength(1);
  });

  it('stays where it is for a key of another environment', () => {
    sessionStore.signIn({ apiKey: 'revoked-key', environmentName: 'Store' });
    draft.save({ note: 'Half-written' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'new-key', environmentName: 'Elsewhere' });
    expect(draft.load()).toBeUndefined();
  });

  it('the same key signing in again finds its own drafts', () => {
    sessionStore.signIn({ apiKey: 'revoked-key', environmentName: 'Store' });
    draft.save({ note: 'Half-written' });
    sessionStore.expire();
    sessionStore.signIn({ apiKey: 'revoked-key', environmentName: 'Store' });
    expect(draft.load()).toEqual({ note: 'Half-written' });
  });
});
