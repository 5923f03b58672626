import * as z from 'zod/mini';
import type { components } from '../../../contract/schema.gen.ts';
import { VISIBLE_CHARACTER } from '../../../contract/text.ts';
import type { ServiceLimits } from '../../config/config.ts';
import { sessionValue } from '../../lib/session.ts';
import { bytes, count } from '../../ui/words.ts';

export type Message = components['schemas']['Message'];

// Typed against the contract: if the OpenAPI document changes Message, this stops compiling.
const MessageSchema: z.ZodMiniType<Message, unknown> = z.object({
  id: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const readMessage = (data: unknown): Message => MessageSchema.parse(data);

const utf8Length = (text: string) => new TextEncoder().encode(text).length;
const bodyBytes = (message: string) => utf8Length(JSON.stringify({ message }));

/**
 * How many characters, cut from the message's end, bring its body within `max` bytes: what a person
 * can act on, where bytes are not. Each costs its length in the body, in UTF-8 and escaped as JSON.
 * Counted by code point: an emoji of several (a family) counts as several. Not by `Intl.Segmenter`,
 * whose segments each copy the text in V8, out of memory on a long message.
 */
function charactersOver(message: string, max: number): number {
  const characters = [...message];
  let size = bodyBytes(message);
  let cut = 0;
  while (size > max && cut < characters.length) {
    size -= utf8Length(JSON.stringify(characters[characters.length - ++cut])) - 2;
  }
  return cut;
}

/** The message form's rules: the spec's (some text), and the largest body where the environment declares one. */
export const messageFormSchema = ({ requestBodyMaxBytes }: ServiceLimits = {}) => {
  // Some text a person can read: white space and invisible characters alone are none.
  const message = z.string().check(z.trim(), z.regex(VISIBLE_CHARACTER, 'Write a message.'));
  return z.object({
    message: requestBodyMaxBytes
      ? message.check(
          z.refine((text) => bodyBytes(text) <= requestBodyMaxBytes, {
            error: ({ input }) =>
              `Shorten the message by ${count(charactersOver(String(input), requestBodyMaxBytes), 'character')}: the service takes at most ${bytes(requestBodyMaxBytes)} in one request.`,
          }),
        )
      : message,
  });
};

const isMessageList = (value: unknown): value is { sent: Message[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { sent?: unknown }).sent);

/**
 * How many sent messages a session keeps: the newest. A message may be 64 KiB, and the tab's storage
 * holds about 5 MB for everything, the pets waiting to be sent included.
 */
export const SENT_MESSAGES_KEPT = 20;

/** Messages sent in this session, per environment: those sent to Staging are not listed for Production. */
export const sentMessages = (environmentName: string) =>
  sessionValue(`sent-messages.${environmentName}`, isMessageList);
