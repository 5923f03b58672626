import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../config.ts';

const refusal = (env: Record<string, string>) => {
  try {
    readServerConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was taken`);
};

describe('the environment the service starts with', () => {
  it('refuses a database URL of another scheme, never taking it for a file name', () => {
    const message = refusal({ PETSTORE_DB: 'postgress://petstore:Secr3t@db.internal:5432/petstore' });
    expect(message).toContain('a URL here must start postgres:// or postgresql://');
    expect(message).toContain('PETSTORE_DB');
    expect(message).not.toContain('Secr3t');
    expect(refusal({ PETSTORE_DB: 'mysql://db.internal/petstore' })).toContain('PETSTORE_DB');
    for (const db of ['postgres://u@db/petstore', 'POSTGRESQL://u@db/petstore', 'data/pets.sqlite', ':memory:'])
      expect(readServerConfig({ PETSTORE_DB: db }).PETSTORE_DB).toBe(db);
  });

  it('refuses PETSTORE_API_KEYS set with no key, rather than making a demo key', () => {
    for (const keys of ['', ' , '])
      expect(refusal({ PETSTORE_API_KEYS: keys })).toContain('set no keys at all for a demo key, or at least one');
    expect(readServerConfig({}).PETSTORE_API_KEYS).toBeUndefined();
  });

  it('takes PETSTORE_SEED as 0 or 1 only: a "false" that meant no demo pets is refused, not seeded', () => {
    for (const seed of ['false', 'no', 'off', ''])
      expect(refusal({ PETSTORE_SEED: seed })).toMatch(/must be 0 \(no demo pets\) or 1[^]*PETSTORE_SEED/);
    expect(readServerConfig({ PETSTORE_SEED: '0' }).PETSTORE_SEED).toBe(false);
    expect(readServerConfig({ PETSTORE_API_KEYS: 'k', PETSTORE_SEED: '1' }).PETSTORE_SEED).toBe(true);
  });

  it('seeds demo pets by default only with the demo key: a live store keeps no pets it cannot delete', () => {
    expect(readServerConfig({}).PETSTORE_SEED).toBe(true);
    expect(readServerConfig({ PETSTORE_API_KEYS: 'k' }).PETSTORE_SEED).toBe(false);
  });

  it('refuses a key no client can send, without printing it', () => {
    for (const keys of ['clé-secrète', 'ok-key,two words'])
      expect(refusal({ PETSTORE_API_KEYS: keys })).toMatch(/visible ASCII characters, no space[^]*PETSTORE_API_KEYS/);
    expect(refusal({ PETSTORE_API_KEYS: 'clé-secrète' })).not.toContain('secr');
    expect(readServerConfig({ PETSTORE_API_KEYS: ' one , t~w+o/3= ' }).PETSTORE_API_KEYS).toEqual(['one', 't~w+o/3=']);
  });

  it('takes CORS origins only as a browser sends them, saying how to write one', () => {
    for (const origin of ['https://admin example', 'https://admin.example:99999', 'https://'])
      expect(refusal({ CORS_ORIGINS: origin })).toContain('not an origin');
    for (const origin of [
      'https://admin.example/',
      'https://admin.example/admin/',
      'admin.example',
      'HTTPS://Admin.Example',
    ])
      expect(refusal({ CORS_ORIGINS: `http://127.0.0.1:4173,${origin}` })).toContain(
        'not an origin: write it as the browser sends it, like https://admin.example',
      );
    expect(readServerConfig({ CORS_ORIGINS: ' https://admin.example , http://127.0.0.1:4173 ' }).CORS_ORIGINS).toEqual([
      'https://admin.example',
      'http://127.0.0.1:4173',
    ]);
    expect(readServerConfig({ CORS_ORIGINS: '*' }).CORS_ORIGINS).toEqual(['*']);
  });
});
