import { sessionValue } from '../../lib/session.ts';

export const EMPTY_MESSAGE_FORM = { message: '' };

const isMessageDraft = (value: unknown): value is typeof EMPTY_MESSAGE_FORM =>
  typeof (value as { message?: unknown } | null)?.message === 'string';

/** What the message form holds, kept as it is typed (see ui/use-form-draft.ts). */
export const messageDraft = sessionValue('message-draft', isMessageDraft, { draft: true });
