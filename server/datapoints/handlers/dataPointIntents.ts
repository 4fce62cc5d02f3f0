import { defineHandler } from '../../http/define-handler';
import { DATA_POINT_INTENTS } from '../intents';

/** What a data point can measure, the units each may use and the kinds each unit allows. */
export default defineHandler('dataPointIntents', async () => ({ intents: [...DATA_POINT_INTENTS] }));
