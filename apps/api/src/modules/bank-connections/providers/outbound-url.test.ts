import { describe, expect, it } from 'vitest';
import { checkResolvesPublic, outboundUrl } from './outbound-url.ts';
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
      'https://100.64.0.1/claim',
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

describe('in production, where a host name leads', () => {
  const to =
    (...addresses: string[]) =>
    async () =>
      addresses;
  const url = new URL('https://bridge.example/claim');

  it('refuses a name that resolves to a private or loopback address, among public ones too', async () => {
    for (const addresses of [['10.0.0.5'], ['93.184.216.34', '127.0.0.1'], ['fd00::7'], ['169.254.169.254']]) {
      await expect(checkResolvesPublic(url, 'The token', to(...addresses)), addresses.join()).rejects.toMatchObject({
        failure: 'bad_token',
        message: 'The token names a server on a private network',
      });
    }
  });

  it('lets a public name through, and leaves a name that does not resolve to the call', async () => {
    await expect(checkResolvesPublic(url, 'x', to('93.184.216.34', '2606:2800:220:1::'))).resolves.toBeUndefined();
    const missing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkResolvesPublic(url, 'x', missing)).resolves.toBeUndefined();
  });
});
