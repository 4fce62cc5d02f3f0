import { defineHandler } from '../../http/define-handler';
import { holidaysOf } from '../working-calendar';

/** The organisation's holidays, which its report schedules' working days step over; every member reads them. */
export default defineHandler('holidays', async ({ context, organisationId }) => ({
  holidays: await holidaysOf(context.db, organisationId),
}));
