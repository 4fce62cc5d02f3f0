import { DEFAULT_TOPIC_PREFIX } from './topics';

/** What the lorawan endpoint tells the UI about the broker. */
export interface BrokerStatus {
  configured: boolean;
  connected: boolean;
  topicPrefix: string;
}

interface Listening {
  readonly connected: boolean;
  readonly topicPrefix: string;
}

/**
 * The subscriber this process runs, if any. The API only reads its state;
 * main.ts starts and stops it, so the API context (and every test app)
 * stays free of a broker connection.
 */
let listening: Listening | undefined;

export function announceSubscriber(subscriber: Listening | undefined): void {
  listening = subscriber;
}

export function brokerStatus(): BrokerStatus {
  return {
    configured: listening !== undefined,
    connected: listening?.connected ?? false,
    topicPrefix: listening?.topicPrefix ?? DEFAULT_TOPIC_PREFIX,
  };
}
