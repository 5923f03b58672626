import * as z from 'zod/mini';
import type { components } from '../../../contract/schema.gen.ts';
import { sessionValue } from '../../lib/session.ts';

export type Message = components['schemas']['Message'];

// Typed against the contract: if the OpenAPI document changes Message, this stops compiling.
const MessageSchema: z.ZodMiniType<Message, unknown> = z.object({
  id: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const readMessage = (data: unknown): Message => MessageSchema.parse(data);

export const messageFormSchema = z.object({
  message: z
    .string()
    .check(z.trim(), z.minLength(1, 'Write a message.'), z.maxLength(10_000, 'Keep it under 10,000 characters.')),
});

export const EMPTY_MESSAGE_FORM = { message: '' };

const isMessageDraft = (value: unknown): value is typeof EMPTY_MESSAGE_FORM =>
  typeof (value as { message?: unknown } | null)?.message === 'string';

export const messageDraft = sessionValue('message-draft', isMessageDraft);

const isMessageList = (value: unknown): value is { sent: Message[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { sent?: unknown }).sent);

/** Messages sent in this session, per environment: those sent to Staging are not listed for Production. */
export const sentMessages = (environmentName: string) =>
  sessionValue(`sent-messages.${environmentName}`, isMessageList);
