import { defineHandler } from '../../http/define-handler';
import { setWidgetProps } from '../widget-props';

/** Replaces one widget's props in a page, as the page's next revision. */
export default defineHandler('widgetConfig', async ({ context, organisationId, caller, input }) =>
  setWidgetProps(context.db, { organisationId, authorId: caller.userId }, input),
);
