import { describe, expect, it } from 'vitest';
import { checkChannelUrl } from './channel-url';

const server = { publicUrl: 'https://insights.example.com', port: 8080 };

/** The refusal's words at /url, or 'accepted'. */
function verdict(url: string): string {
  try {
    checkChannelUrl(url, server);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

describe("a webhook's address", () => {
  it('is refused when it is Insights itself, however the address is spelled', () => {
    for (const url of [
      'https://insights.example.com/api/readings',
      'https://INSIGHTS.example.com./x',
      'http://localhost:8080/api',
      'http://localhost.:8080/api',
      'http://127.0.0.2:8080/api',
      'http://[::1]:8080/api',
      'http://[::ffff:127.0.0.1]:8080/api',
      'http://0.0.0.0:8080/',
    ]) {
      expect(verdict(url), url).toBe('This address is Insights itself: give the address of the receiver.');
    }
  });

  it('is refused when link-local, where instance metadata answers', () => {
    expect(verdict('http://169.254.169.254/latest/meta-data/')).toMatch(/link-local/);
    expect(verdict('http://[fe80::1]/')).toMatch(/link-local/);
  });

  it("is accepted on another port of this machine or the organisation's own network", () => {
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://10.0.0.5/hooks',
      'https://hooks.example.com/insights',
    ]) {
      expect(verdict(url), url).toBe('accepted');
    }
  });
});
