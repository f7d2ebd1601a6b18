import { describe, expect, it } from 'vitest';
import { outboundUrl } from './outbound-url.ts';
import { ProviderError } from './provider.ts';

describe('where a token may send the server', () => {
  it('in production: https to a public server only', () => {
    expect(outboundUrl('https://user:p%40ss@beta-bridge.simplefin.org/simplefin', true, 'x')).toMatchObject({
      username: 'user',
      password: 'p@ss',
    });
    expect(outboundUrl('https://u:p@bridge.example/sfin', true, 'x').url.href).toBe('https://bridge.example/sfin');
    for (const url of [
      'http://bridge.example/claim',
      'http://127.0.0.1:8080/claim',
      'https://127.0.0.1/claim',
      'https://localhost/claim',
      'https://[::1]/claim',
      'https://10.0.0.5/claim',
      'https://192.168.1.1/claim',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/claim',
      'ftp://bridge.example/claim',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(() => outboundUrl(url, true, 'The token'), url).toThrow(ProviderError);
    }
  });

  it('outside production: loopback over http too, but no other http host', () => {
    expect(outboundUrl('http://127.0.0.1:4000/claim/1', false, 'x').url.port).toBe('4000');
    expect(outboundUrl('http://localhost:4000/claim/1', false, 'x').url.hostname).toBe('localhost');
    expect(outboundUrl('https://bridge.example/claim', false, 'x').url.hostname).toBe('bridge.example');
    for (const url of ['http://bridge.example/claim', 'http://10.0.0.5/claim', 'gopher://127.0.0.1/']) {
      expect(() => outboundUrl(url, false, 'The token'), url).toThrow(ProviderError);
    }
  });
});
