import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiTypes } from '../../scripts/generate-api.ts';

describe('the contract', () => {
  it('has generated types that match contract/petstore.yaml (run `npm run generate:api`)', async () => {
    const committed = readFileSync(new URL('../../contract/schema.gen.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await generateApiTypes());
  });
});
