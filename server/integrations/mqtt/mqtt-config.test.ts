import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config';

describe('MQTT settings from the environment', () => {
  const broker = { MQTT_URL: 'mqtt://127.0.0.1:1883' };

  it('has none without MQTT_URL', () => {
    expect(readConfig({ MQTT_CLIENT_ID: 'y' }).mqtt).toBeUndefined();
  });

  it('names the one session "insights" in every process, unless told otherwise', () => {
    expect(readConfig({ ...broker, PORT: '8081' }).mqtt).toEqual({
      url: 'mqtt://127.0.0.1:1883',
      topicPrefix: undefined,
      clientId: 'insights',
    });
    expect(readConfig({ ...broker, PORT: '8082' }).mqtt?.clientId).toBe('insights');
    expect(readConfig({ ...broker, MQTT_CLIENT_ID: 'insights-plant-2' }).mqtt?.clientId).toBe(
      'insights-plant-2',
    );
    // Blank is unset, as for the other variables.
    expect(readConfig({ ...broker, MQTT_CLIENT_ID: ' ' }).mqtt?.clientId).toBe('insights');
  });

  it('refuses MQTT_SHARE_GROUP at start-up, saying what took its place', () => {
    // Two installations told apart by their groups alone would now take one session from each other.
    expect(() => readConfig({ ...broker, MQTT_SHARE_GROUP: 'plant-2' })).toThrow(
      'MQTT_SHARE_GROUP is read no more: the server processes share one session on the broker, named by MQTT_CLIENT_ID ("insights" unless set). Set MQTT_CLIENT_ID instead, one of its own for each installation on a broker.',
    );
    // Left blank (an env file's "MQTT_SHARE_GROUP="), it named no group: the server starts.
    expect(readConfig({ ...broker, MQTT_SHARE_GROUP: '' }).mqtt?.clientId).toBe('insights');
    expect(readConfig({ ...broker, MQTT_SHARE_GROUP: ' ' }).mqtt?.clientId).toBe('insights');
  });
});
