/** The bucket sizes the API sums or averages readings into. */
export type Resolution = '15min' | 'hour' | 'day' | 'week' | 'month';
