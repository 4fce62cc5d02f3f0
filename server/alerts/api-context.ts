declare module '../http/api-context' {
  interface ApiContext {
    /** Sends the mail and webhook posts that are due now, as a job, rather than at the delivery job's next run. */
    deliverNow(): Promise<void>;
    /** Whether a broker takes what flows publish (MQTT_URL): without one, a publish action is refused. */
    mqttPublishing: boolean;
  }
}

export {};
