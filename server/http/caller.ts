import type { EndpointRole } from './contracts';

/** The signed-in user behind a request, with their organisation as the database has it now. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  organisationId: number | null;
  /** The member's role in that organisation; meaningless without one. */
  role: EndpointRole;
}
