import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Limits } from '../http.ts';
import { createKeyRing } from '../keys.ts';
import type { ProfileName } from '../profile.ts';
import { buildMessagesApp, buildPetsApp } from '../service.ts';
import { openStore, type Store } from '../store.ts';
import { parseJson } from '../json.ts';

export const KEY = 'test-key-1';
export const OTHER_KEY = 'test-key-2';
export const APP_ORIGIN = 'http://localhost:5173';
export const auth = { authorization: `Bearer ${KEY}` };

export interface TestService {
  store: Store;
  pets: FastifyInstance;
  messages: FastifyInstance;
  close(): Promise<void>;
}

interface TestServiceOptions {
  profile?: ProfileName;
  limits?: Partial<Limits>;
}

export async function createTestService(
  file = ':memory:',
  { profile = 'reference', limits }: TestServiceOptions = {},
): Promise<TestService> {
  const store = openStore(file, profile);
  const options = {
    store,
    keys: createKeyRing([KEY, OTHER_KEY]),
    corsOrigins: [APP_ORIGIN],
    // The API tests send many wrong keys on purpose; the throttle has its own test (faults.test.ts).
    limits: { failedAuthMax: 1_000_000, ...limits },
    profile,
  };
  const pets = await buildPetsApp(options);
  const messages = await buildMessagesApp(options);
  return {
    store,
    pets,
    messages,
    async close() {
      await pets.close();
      await messages.close();
      store.close();
    },
  };
}

/** Injects a request and reads its body losslessly, as a client must. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  const body = response.body === '' ? undefined : parseJson(response.body);
  return { status: response.statusCode, headers: response.headers, body };
}

export function postJson(url: string, payload: unknown, headers: Record<string, string> = auth): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  };
}

/** The Error body of the contract, with any message. */
export function errorBody(status: number, code: string) {
  return { status, code, message: expect.any(String) };
}
