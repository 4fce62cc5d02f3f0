declare module '../http/api-context' {
  interface ApiContext {
    /** Fits the kept forecast models that are due now rather than at the job's next hour. */
    refitForecastModelsNow(): Promise<void>;
  }
}

export {};
