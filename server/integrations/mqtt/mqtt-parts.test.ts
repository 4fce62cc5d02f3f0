import { describe, expect, it } from 'vitest';
import { parsePlainPayload } from './plain-payload';
import { brokerName } from './subscriber';
import { reasonKey, ThrottledLog } from './throttled-log';
import {
  normaliseTopicPrefix,
  organisationUplinkTopics,
  publishTopic,
  routeTopic,
  subscriptionTopics,
} from './topics';

const AT = Date.UTC(2024, 8, 30, 8, 0, 0);
const plain = (text: string) => parsePlainPayload(Buffer.from(text), AT);

describe('plain payloads', () => {
  it('reads a bare number at the receive time', () => {
    expect(plain('21.5')).toEqual({ value: 21.5, ts: AT });
    expect(plain(' -3\n')).toEqual({ value: -3, ts: AT });
    expect(plain('true')).toEqual({ value: 1, ts: AT });
  });

  it('reads {value, ts} with RFC 3339 or epoch milliseconds', () => {
    expect(plain('{"value": 21.5}')).toEqual({ value: 21.5, ts: AT });
    expect(plain('{"value": 21.5, "ts": "2024-09-30T10:15:00+02:00"}')).toEqual({
      value: 21.5,
      ts: Date.UTC(2024, 8, 30, 8, 15),
    });
    expect(plain('{"value": 0, "ts": 1727683200000}')).toEqual({ value: 0, ts: 1727683200000 });
  });

  it('refuses what is no reading', () => {
    for (const text of [
      '',
      'warm',
      '21,5',
      '"21.5"',
      '[1]',
      'null',
      '1e999',
      '{"value": "21.5"}',
      '{"ts": 1}',
    ]) {
      expect(plain(text)).toHaveProperty('problem');
    }
    expect(plain('{"value": 1, "ts": "2024-09-30 10:15"}')).toEqual({
      problem:
        '"ts" "2024-09-30 10:15" is not RFC 3339 with a zone offset (e.g. 2024-03-31T01:15:00Z) or epoch milliseconds',
    });
    expect(plain('{"value": 1, "ts": 1727683200}')).toEqual({
      problem: '"ts" is more than 50 years from now; it looks like seconds, send epoch milliseconds',
    });
    expect(plain('{"value": 1, "ts": true}')).toEqual({
      problem: '"ts" must be RFC 3339 text or epoch milliseconds',
    });
  });
});

describe('topics', () => {
  it('subscribes to both network servers and everything under the prefix', () => {
    expect(subscriptionTopics('insights/')).toEqual([
      'v3/+/devices/+/up',
      'application/+/device/+/event/up',
      'insights/#',
    ]);
  });

  it("tells shared uplinks, an organisation's uplinks and plain readings apart", () => {
    const route = (topic: string, prefix = 'insights/') => routeTopic(topic, prefix);
    expect(route('v3/farm-sensors@ttn/devices/soil-probe-07/up')).toEqual({ kind: 'uplink' });
    expect(route('v3/farm-sensors/devices/soil-probe-07/up')).toEqual({ kind: 'uplink' });
    expect(route('application/0c5e/device/70b3d57ed0061a2c/event/up', '')).toEqual({ kind: 'uplink' });
    expect(route('insights/org-a1/v3/farm@ttn/devices/probe/up')).toEqual({
      kind: 'uplink',
      namespace: 'org-a1',
    });
    expect(route('insights/org-a1/application/0c5e/device/70b3/event/up')).toEqual({
      kind: 'uplink',
      namespace: 'org-a1',
    });
    expect(route('insights/org-a1/boiler/flow')).toEqual({
      kind: 'plain',
      namespace: 'org-a1',
      pointTopic: 'boiler/flow',
    });
    expect(route('org-a1/boiler/flow', '')).toEqual({
      kind: 'plain',
      namespace: 'org-a1',
      pointTopic: 'boiler/flow',
    });
    for (const other of [
      'v3/farm-sensors@ttn/devices/soil-probe-07/join',
      'application/0c5e/device/70b3/event/status',
      'insightsx/boiler',
      'insights/boiler',
      'insights/org-a1/',
      'insights//boiler',
    ]) {
      expect(route(other), other).toMatchObject({ kind: 'other' });
    }
  });

  it('treats a prefix as a folder and shows where an organisation publishes', () => {
    expect(normaliseTopicPrefix('insights')).toBe('insights/');
    expect(normaliseTopicPrefix(' site-1/ ')).toBe('site-1/');
    expect(normaliseTopicPrefix('')).toBe('');
    expect(publishTopic('boiler/flow', 'insights/', 'org-a1')).toBe('insights/org-a1/boiler/flow');
    expect(organisationUplinkTopics('insights/', 'org-a1')).toEqual([
      'insights/org-a1/v3/+/devices/+/up',
      'insights/org-a1/application/+/device/+/event/up',
    ]);
  });

  it('names a broker without its credentials', () => {
    expect(brokerName('mqtts://user:secret@broker.example:8883')).toBe('mqtts://broker.example:8883');
    expect(brokerName('not a url')).toBe('the MQTT broker');
  });
});

describe('throttled log', () => {
  it('logs a key once a minute and says how many lines it held back', () => {
    const lines: string[] = [];
    const log = new ThrottledLog((line) => lines.push(line), 60_000);
    log.line('a/topic', 'first', 0);
    log.line('a/topic', 'second', 1_000);
    log.line('a/topic', 'third', 59_999);
    log.line('other', 'other topic', 2_000);
    log.line('a/topic', 'fourth', 60_000);
    expect(lines).toEqual(['first', 'other topic', 'fourth (2 more like it since the last report)']);
  });
});

describe('throttle keys', () => {
  it('hold back the same kind of problem on a topic, not a different one', () => {
    const lines: string[] = [];
    const log = new ThrottledLog((line) => lines.push(line), 60_000);
    const report = (reasons: string[], at: number) =>
      log.line(reasonKey('t', reasons), reasons.join('; '), at);
    report(['temperature: "n/a" is not a number; nothing stored for data point 8'], 0);
    report(['temperature: "--" is not a number; nothing stored for data point 8'], 1_000);
    report(["humidity_2: data point 12 is not one of the device's organisation"], 2_000);
    expect(lines).toEqual([
      'temperature: "n/a" is not a number; nothing stored for data point 8',
      "humidity_2: data point 12 is not one of the device's organisation",
    ]);
    expect(reasonKey('a', ['x 1'])).not.toBe(reasonKey('b', ['x 1']));
  });
});
