import type { FastifyRequest } from 'fastify';
import type { PlanFeature } from '../../src/generated/api-types';
import type { Authenticator } from './authenticate';
import type { KeyHolder } from './key-holder';

/**
 * How the API learns who calls and what their plan includes.
 * register-endpoints.ts checks each contract's `auth`, `role` and `feature`
 * before the body is read, but the answers belong to domains: identity
 * verifies a user's token, integrations/rest knows the API keys, billing
 * knows the plans. Each hands its check to app.ts, the composition root,
 * which hands them here, so this layer imports none of them.
 */
export interface CallerGuards {
  /** The signed-in user behind the request, or 401. */
  authenticate: Authenticator;
  /** The organisation behind the request's API key, or 401. */
  authenticateApiKey: (request: FastifyRequest) => Promise<KeyHolder>;
  /** Returns when the organisation's plan includes the feature, and refuses with 402 when it does not. */
  requireFeature: (organisationId: number, feature: PlanFeature) => Promise<void>;
}
