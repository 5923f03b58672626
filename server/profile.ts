import type { components } from '../contract/schema.gen.ts';
import { DEMO_PETS, SPEC_DEMO_PETS, type DemoPet } from './demo-pets.ts';

type PetStatus = components['schemas']['PetStatus'];

/** What the service offers beyond the interface spec, and how it holds its data. */
export interface Profile {
  /** `GET /pets`: a `Link: rel="next"` header, and the signed `cursor` parameter it carries. */
  paging: boolean;
  /** `POST /pets`: `Idempotency-Key` is honoured (and allowed by CORS). */
  idempotencyKeys: boolean;
  /** `GET /pets/{petId}`: `Deprecation` and `Sunset` headers. */
  deprecationHeaders: boolean;
  /**
   * `GET /pets/{petId}` with an id that is no int64: `400 invalid_pet_id`. The interface lists no 400
   * for getPet; without it, such an id names no pet: 404.
   */
  invalidPetIdError: boolean;
  /** `GET /v1/openapi.json`, without a key: the contract, which describes the extensions too. */
  contractDocument: boolean;
  /** Response headers a script in the browser may read. */
  exposedHeaders: readonly string[];
  /** The status of a pet created without one: the spec leaves it open. */
  defaultStatus: PetStatus | undefined;
  /** An empty store gives its pets ids above this one. */
  idsAbove: bigint;
  /** What PETSTORE_SEED puts into an empty store. */
  demoPets: readonly DemoPet[];
}

export const PROFILE_NAMES = ['reference', 'spec'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export const PROFILES: Record<ProfileName, Profile> = {
  // The spec and the extensions contract/petstore.yaml describes.
  reference: {
    paging: true,
    idempotencyKeys: true,
    deprecationHeaders: true,
    invalidPetIdError: true,
    contractDocument: true,
    exposedHeaders: ['Link', 'Deprecation', 'Sunset', 'WWW-Authenticate', 'Retry-After'],
    defaultStatus: 'available',
    idsAbove: 0n,
    demoPets: DEMO_PETS,
  },
  // The spec and nothing more, with data as another implementation may hold it: a client that works
  // against this profile relies on nothing that only this service does.
  spec: {
    paging: false,
    idempotencyKeys: false,
    deprecationHeaders: false,
    invalidPetIdError: false,
    contractDocument: false,
    exposedHeaders: [],
    defaultStatus: undefined,
    // Beyond 2^53, where a JSON number read as a double is no longer exact.
    idsAbove: 2n ** 53n,
    demoPets: SPEC_DEMO_PETS,
  },
};
