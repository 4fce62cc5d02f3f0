import { channel } from 'node:diagnostics_channel';

/**
 * Told after the rules' notifications for these organisations' members were
 * committed, so open screens (the bell) ask for theirs again at once rather
 * than at their next poll.
 */
export const notificationsChanged = channel('insights:notifications-changed');

/** What notificationsChanged publishes. */
export interface NotificationsChangedMessage {
  /** The database written to (databaseIdentity), told apart from another app's in the same process. */
  database: object;
  organisationIds: number[];
}
