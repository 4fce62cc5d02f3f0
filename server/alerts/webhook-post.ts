import { createHmac } from 'node:crypto';

/** How long a receiver has to answer a post. */
const TIMEOUT_MS = 10_000;

/**
 * The signature a receiver checks: HMAC-SHA256 with the channel's secret,
 * over the timestamp header's value, a dot and the raw body, in hex. The
 * timestamp is signed with the body so that an old post replayed later can
 * be told from a new one.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookPost {
  url: string;
  secret: string;
  body: string;
  /** Names the post, the same on every try of it, so a receiver can tell a repeat. */
  deliveryId: string;
  signal?: AbortSignal;
}

export type WebhookAnswer =
  | { ok: true; status: number }
  | { ok: false; status: number | null; message: string };

/**
 * Posts a JSON body to a webhook, signed. Redirects are not followed (a
 * receiver's address is checked when it is set, and a redirect could lead
 * anywhere). Any 2xx is delivered; anything else, or no answer in 10 s,
 * failed, with why in words.
 */
export async function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const limit = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const response = await fetch(post.url, {
      method: 'POST',
      redirect: 'manual',
      signal: post.signal ? AbortSignal.any([post.signal, limit]) : limit,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Insights-Webhook/1',
        'x-insights-delivery': post.deliveryId,
        'x-insights-timestamp': timestamp,
        'x-insights-signature': webhookSignature(post.secret, timestamp, post.body),
      },
      body: post.body,
    });
    // The answer's body is not read: a receiver's words are not shown to anyone, and not waited for.
    await response.body?.cancel();
    if (response.ok) return { ok: true, status: response.status };
    return { ok: false, status: response.status, message: `The receiver answered ${response.status}.` };
  } catch (error) {
    if (limit.aborted)
      return { ok: false, status: null, message: 'The receiver did not answer within 10 s.' };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      ok: false,
      status: null,
      message: `The receiver could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
    };
  }
}
