import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written as Date or ISO text and read back as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

/** The database as server/db/migrations/*.sql define it, for Kysely's typed queries. */
export interface Tables {
  users: {
    id: string;
    email: string;
    name: Generated<string>;
    password_hash: string;
    status: Generated<'UNCONFIRMED' | 'CONFIRMED'>;
    organisation_id: number | null;
    attributes: Json<Record<string, string>>;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  user_codes: {
    id: Generated<string>;
    user_id: string;
    purpose: 'confirm_sign_up' | 'reset_password';
    code_hash: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    failed_attempts: Generated<number>;
    created_at: Generated<Date>;
  };
  sessions: {
    id: string;
    user_id: string;
    client_id: string;
    refresh_token_hash: string;
    created_at: Generated<Date>;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
  };
  signing_keys: {
    kid: string;
    private_jwk: Json<Record<string, unknown>>;
    public_jwk: Json<Record<string, unknown>>;
    created_at: Generated<Date>;
    retired_at: Timestamp | null;
  };
  outbox: {
    id: Generated<string>;
    to_address: string;
    subject: string;
    body: string;
    created_at: Generated<Date>;
    sent_at: Timestamp | null;
    error: string | null;
  };
  organisations: {
    id: Generated<number>;
    name: string;
    image_key: string | null;
    created_by: string;
    created_at: Generated<Date>;
  };
  subscriptions: {
    organisation_id: number;
    plan: 'PRO' | 'ADVANCE' | null;
    status: Generated<SubscriptionStatus>;
    provider: Generated<string>;
    provider_reference: string | null;
    updated_at: Timestamp;
  };
  invitations: {
    token: string;
    organisation_id: number;
    email: string;
    invited_by: string;
    created_at: Generated<Date>;
    expires_at: Timestamp;
    accepted_at: Timestamp | null;
    accepted_by: string | null;
  };
  profiles: {
    user_id: string;
    display_name: string | null;
    phone_number: string | null;
    time_zone: string | null;
    image_key: string | null;
    updated_at: Timestamp;
  };
  ui_configs: {
    user_id: string;
    organisation_id: number;
    config: Json<unknown>;
    updated_at: Timestamp;
  };
}

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';
