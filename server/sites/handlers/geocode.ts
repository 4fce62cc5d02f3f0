import { defineHandler } from '../../http/define-handler';
import { noGeocoder } from '../geocoder';

/** The places an address may mean, for a person placing a site; nothing is stored. */
export default defineHandler('geocode', async ({ context, input }) => {
  if (!context.geocoder) throw noGeocoder();
  return { places: await context.geocoder.search(input.address.trim(), input.language ?? 'en-US') };
});
