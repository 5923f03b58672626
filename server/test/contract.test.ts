import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PET_NAME_MAX_LENGTH,
  REQUEST_BODY_MAX_BYTES,
} from '../../contract/limits.ts';
import { VISIBLE_CHARACTER } from '../../contract/text.ts';
import { generateApiTypes } from '../../scripts/generate-api.ts';
import { openApiDocument } from '../contract.ts';
import { ERRORS } from '../http-error.ts';
import { PROFILES, type Profile } from '../profile.ts';
import { FIELDS } from '../validation.ts';

describe('the contract', () => {
  it('has generated types that match contract/petstore.yaml (run `npm run generate:api`)', async () => {
    const committed = readFileSync(new URL('../../contract/schema.gen.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await generateApiTypes());
  });

  it.each(['public/config.json', 'e2e/fixtures/config.json'])(
    '%s declares what the reference service offers beyond the spec, and its limits',
    (file) => {
      const config = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as {
        environments: { extensions?: string[]; limits?: object }[];
      };
      expect(config.environments[0]).toMatchObject({
        extensions: ['idempotency-key'],
        limits: { petNameMaxLength: PET_NAME_MAX_LENGTH, requestBodyMaxBytes: REQUEST_BODY_MAX_BYTES },
      });
      expect(PROFILES.reference.idempotencyKeys).toBe(true);
    },
  );

  it('states the limits it enforces (contract/limits.ts)', () => {
    const schemas = (
      openApiDocument['components'] as {
        schemas: Record<string, { properties: Record<string, { maxLength?: number }> }>;
      }
    ).schemas;
    expect(schemas['NewPet']!.properties['name']!.maxLength).toBe(PET_NAME_MAX_LENGTH);
    expect(JSON.stringify(openApiDocument)).toContain(`larger than ${REQUEST_BODY_MAX_BYTES / 1024} KiB`);
    expect(JSON.stringify(openApiDocument)).toContain(`within ${IDEMPOTENCY_KEY_LIFETIME_MS / 3_600_000} hours`);
  });

  it('asks pet names and messages for a visible character, as the app does (contract/text.ts)', () => {
    const schemas = (
      openApiDocument['components'] as { schemas: Record<string, { properties: Record<string, { pattern?: string }> }> }
    ).schemas;
    expect(schemas['NewPet']!.properties['name']!.pattern).toBe(VISIBLE_CHARACTER.source);
    expect(schemas['NewMessage']!.properties['message']!.pattern).toBe(VISIBLE_CHARACTER.source);
  });

  it("states the spec's page sizes (contract/limits.ts)", () => {
    const paths = openApiDocument['paths'] as Record<
      string,
      { get?: { parameters?: { name: string; schema: { minimum?: number; maximum?: number; default?: number } }[] } }
    >;
    const limit = paths['/pets']!.get!.parameters!.find((parameter) => parameter.name === 'limit')!;
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT });
  });

  it('marks each part beyond the interface with the profile flag that turns it on, and each flag has one', () => {
    const marked = new Set<unknown>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-extension') marked.add(value);
        else walk(value);
      }
    };
    walk(openApiDocument);
    // The flags that tell the two profiles apart, but the document itself, which its paths do not hold.
    const flags = (Object.keys(PROFILES.reference) as (keyof Profile)[]).filter(
      (flag) => PROFILES.reference[flag] === true && PROFILES.spec[flag] === false && flag !== 'contractDocument',
    );
    expect([...marked].sort()).toEqual(flags.sort());
  });

  it("states the reference profile's status for a pet created without one", () => {
    const newPet = (
      openApiDocument['components'] as { schemas: Record<string, { properties: Record<string, unknown> }> }
    ).schemas['NewPet']!;
    expect(newPet.properties['status']).toMatchObject({ default: PROFILES.reference.defaultStatus });
  });

  it('lists every error code the service answers with, each with its status, and no other', () => {
    const description = (openApiDocument['info'] as { description: string }).description;
    const listed = [...description.matchAll(/^\| `([a-z_]+)` \| (\d{3}|[45]xx) \|/gm)].map(([, code, status]) => [
      code,
      status,
    ]);
    const sent = [
      // Two codes stand for a whole class: the safety net keeps the status it was sent with.
      ...Object.values(ERRORS).map(({ code, status }) => [
        code,
        { invalid_request: '4xx', internal_error: '5xx' }[code] ?? String(status),
      ]),
      ...Object.values(FIELDS).map(({ code }) => [code, '400']),
    ];
    const unique = (pairs: (string | undefined)[][]) => [...new Set(pairs.map((pair) => pair.join(' ')))].sort();
    expect(unique(listed)).toEqual(unique(sent));
  });
});
