import type { Uplink } from '../normalise-uplink';
import { decodeBytes } from './bytes-decoder';
import { decodeCayenneLpp } from './cayenne-lpp';
import { type DecodedValues, decodedReadings } from './decoded-values';
import type { LorawanDecoder } from './decoder';

/** The readings in one uplink, by the device's decoder. */
export function decodeUplink(decoder: LorawanDecoder, uplink: Uplink): DecodedValues {
  switch (decoder.type) {
    case 'network':
      if (!uplink.decoded) {
        return {
          values: new Map(),
          problems: ['the network server sent no decoded payload: set up a payload formatter or codec there'],
        };
      }
      return { ...decodedReadings(uplink.decoded), problems: [] };
    case 'cayenne-lpp':
      return decodeCayenneLpp(uplink.payload);
    case 'bytes':
      return decodeBytes(decoder.fields, uplink.payload);
  }
}
