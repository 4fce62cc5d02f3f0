declare module '../http/api-context' {
  interface ApiContext {
    /** Starts printing the queued report runs now rather than at the renderer's next minute. */
    renderReportsNow(): Promise<void>;
  }
}

export {};
