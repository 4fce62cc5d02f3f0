import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config';

describe('MQTT settings from the environment', () => {
  const broker = { MQTT_URL: 'mqtt://127.0.0.1:1883' };

  it('has none without MQTT_URL', () => {
    expect(readConfig({ MQTT_SHARE_GROUP: 'x', MQTT_CLIENT_ID: 'y' }).mqtt).toBeUndefined();
  });

  it('joins the group "insights" as a client named after this host and port, unless told otherwise', () => {
    expect(readConfig({ ...broker, PORT: '8081' }).mqtt).toEqual({
      url: 'mqtt://127.0.0.1:1883',
      topicPrefix: undefined,
      shareGroup: 'insights',
      clientId: `insights-${hostname()}-8081`,
    });
    const told = readConfig({ ...broker, MQTT_SHARE_GROUP: 'plant-2', MQTT_CLIENT_ID: 'insights-a' }).mqtt;
    expect(told).toMatchObject({ shareGroup: 'plant-2', clientId: 'insights-a' });
    // Blank is unset, as for the other variables.
    expect(readConfig({ ...broker, MQTT_SHARE_GROUP: ' ', MQTT_CLIENT_ID: '' }).mqtt).toMatchObject({
      shareGroup: 'insights',
      clientId: `insights-${hostname()}-8080`,
    });
  });

  it.each(['plant/2', 'plant+', '#'])(
    'refuses MQTT_SHARE_GROUP=%s at start-up, saying what it takes',
    (value) => {
      expect(() => readConfig({ ...broker, MQTT_SHARE_GROUP: value })).toThrow(
        `MQTT_SHARE_GROUP must be a name without "/", "+" or "#", e.g. insights, not "${value}"`,
      );
    },
  );
});
