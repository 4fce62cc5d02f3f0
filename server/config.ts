import { join } from 'node:path';
import type { StripeSettings } from './billing/stripe-provider';
import { type ContentSecurity, DEFAULT_TILE_ORIGIN } from './http/security-headers';
import type { CognitoSettings } from './identity/identity-mode';
import { DEFAULT_CLIENT_ID } from './integrations/mqtt/topics';
import type { S3Settings } from './storage/object-storage';

/** Everything the server reads from its environment, in one place. */
export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when set; otherwise embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  /** Days of generated readings for the demo organisation's sites (DEMO_DAYS, default 730); 0 for none. */
  demoDays: number;
  /** The built frontend to serve, when it exists. */
  staticDir: string;
  /** Where people reach the app, for links in e-mails. */
  publicUrl: string;
  /** An S3 bucket for images and files; a folder in dataDir without it. */
  s3: S3Settings | undefined;
  /** A Cognito user pool; without it the server runs its own Cognito-compatible pool. */
  cognito: CognitoSettings | undefined;
  /** SFTP drop folders, one per organisation: SFTP_DROP_DIR, or sftp/ in dataDir. */
  dropFolderRoot: string;
  /** Stripe billing; without it choosing a plan activates it at once. */
  stripe: Omit<StripeSettings, 'publicUrl'> | undefined;
  /** An MQTT broker to take LoRaWAN uplinks and plain readings from (MQTT_URL); none without it. */
  mqtt: MqttSettings | undefined;
  /** A Nominatim-compatible geocoder to look addresses up with (GEOCODER_URL); none without it. */
  geocoderUrl: string | undefined;
  /** The Content-Security-Policy's origins: the Cognito pool's, the map tiles' (VITE_MAP_TILE_URL), framing (FRAME_ANCESTORS). */
  contentSecurity: ContentSecurity;
}

export interface MqttSettings {
  url: string;
  topicPrefix: string | undefined;
  /**
   * MQTT_CLIENT_ID: the product's one session on the broker, the same for every process of one
   * installation; the leading process holds it, so the broker keeps it whichever process is gone.
   */
  clientId: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = new URL('../', import.meta.url).pathname;
  const config: Omit<ServerConfig, 'contentSecurity'> = {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? join(root, 'data'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Insights <no-reply@insights.local>',
    seedDemo: env.SEED_DEMO !== 'false',
    demoDays: wholeDays(env.DEMO_DAYS, 730),
    staticDir: join(root, 'dist'),
    dropFolderRoot: env.SFTP_DROP_DIR ?? join(env.DATA_DIR ?? join(root, 'data'), 'sftp'),
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? 8080}`).replace(/\/$/, ''),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'eu-central-1',
          endpoint: env.S3_ENDPOINT || undefined,
        }
      : undefined,
    cognito:
      env.COGNITO_USER_POOL_ID && env.COGNITO_CLIENT_ID
        ? {
            region: env.COGNITO_REGION ?? 'eu-central-1',
            userPoolId: env.COGNITO_USER_POOL_ID,
            clientId: env.COGNITO_CLIENT_ID,
            ...(env.COGNITO_JWKS_URL ? { jwksUrl: env.COGNITO_JWKS_URL } : {}),
            ...(env.COGNITO_ISSUER ? { issuer: env.COGNITO_ISSUER } : {}),
          }
        : undefined,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          prices: { PRO: env.STRIPE_PRICE_PRO ?? '', ADVANCE: env.STRIPE_PRICE_ADVANCE ?? '' },
          trialDays: trialDays(env.STRIPE_TRIAL_DAYS),
        }
      : undefined,
    mqtt: mqttSettings(env),
    geocoderUrl: httpUrl('GEOCODER_URL', env.GEOCODER_URL),
  };
  return { ...config, contentSecurity: contentSecurityFor(env, config) };
}

/** The broker and how this process appears to it; none without MQTT_URL. */
function mqttSettings(env: NodeJS.ProcessEnv): MqttSettings | undefined {
  if (!env.MQTT_URL) return undefined;
  // Blank is unset, as for the other settings: set to nothing, it never named a group to refuse.
  if (env.MQTT_SHARE_GROUP?.trim()) {
    throw new Error(
      'MQTT_SHARE_GROUP is read no more: the server processes share one session on the broker, named by MQTT_CLIENT_ID ("insights" unless set). Set MQTT_CLIENT_ID instead, one of its own for each installation on a broker.',
    );
  }
  return {
    url: env.MQTT_URL,
    topicPrefix: env.MQTT_TOPIC_PREFIX,
    clientId: env.MQTT_CLIENT_ID?.trim() || DEFAULT_CLIENT_ID,
  };
}

/** STRIPE_TRIAL_DAYS: whole days of trial before the first charge; none when unset. */
function trialDays(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 730) {
    throw new Error(`STRIPE_TRIAL_DAYS must be a whole number of days from 0 to 730, not "${value}".`);
  }
  return days;
}

/** The policy's origins from the rest of the configuration: the Cognito pool the browser calls, https. */
function contentSecurityFor(
  env: NodeJS.ProcessEnv,
  { cognito, publicUrl }: Omit<ServerConfig, 'contentSecurity'>,
): ContentSecurity {
  return {
    connectTo: cognito ? [`https://cognito-idp.${cognito.region}.amazonaws.com`] : [],
    // The tile address is a template ({z}/{x}/{y}); its origin is what the browser loads from.
    imagesFrom: [env.VITE_MAP_TILE_URL ? new URL(env.VITE_MAP_TILE_URL).origin : DEFAULT_TILE_ORIGIN],
    frameAncestors: env.FRAME_ANCESTORS?.trim() ? env.FRAME_ANCESTORS.trim().split(/\s+/) : ["'none'"],
    https: publicUrl.startsWith('https://'),
  };
}

/** An http(s) address from the environment, checked at start rather than at its first use; none when unset. */
function httpUrl(variable: string, text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const url = URL.canParse(text.trim()) ? new URL(text.trim()) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(
      `${variable} must be an http or https address, e.g. https://nominatim.openstreetmap.org, not "${text}"`,
    );
  return url.href;
}

function wholeDays(text: string | undefined, otherwise: number): number {
  if (text === undefined || text.trim() === '') return otherwise;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 0)
    throw new Error(`DEMO_DAYS must be a whole number of days, not "${text}"`);
  return days;
}

/** The embedded pool's ids: "local_…" gives Amplify the region part it insists on. */
export const EMBEDDED_POOL = { userPoolId: 'local_insights', clientId: 'insights-web' } as const;
