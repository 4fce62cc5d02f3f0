import { defineHandler } from '../../http/define-handler';
import { saveHolidays } from '../working-calendar';

/** Replaces the organisation's holidays, from an editor or up; scheduled reports' next runs follow. */
export default defineHandler('holidaysUpdate', async ({ context, organisationId, input }) =>
  saveHolidays(context.db, organisationId, input.holidays),
);
