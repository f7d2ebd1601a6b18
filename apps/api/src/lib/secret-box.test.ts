import { describe, expect, it } from 'vitest';
import {
  keyId,
  newMasterKey,
  openBytes,
  openText,
  parseMasterKey,
  SecretBoxError,
  sealBytes,
  sealText,
} from './secret-box.ts';

const key = newMasterKey();

describe('secret box', () => {
  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = sealText(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.startsWith(`v1.${keyId(key)}.`)).toBe(true);
    expect(openText(key, sealed, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(sealText(key, 'same', 'c')).not.toBe(sealText(key, 'same', 'c'));
  });

  it('refuses another context: a sealed value copied to another user does not open', () => {
    const sealed = sealText(key, 'secret', 'totp:user-1');
    expect(() => openText(key, sealed, 'totp:user-2')).toThrow(SecretBoxError);
  });

  it('refuses an altered value', () => {
    const sealed = sealBytes(key, Buffer.from('a secret file key'), 'vault');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => openBytes(key, parts.join('.'), 'vault')).toThrow(SecretBoxError);
    expect(() => openBytes(key, 'v2.x.y.z.w', 'vault')).toThrow(SecretBoxError);
    expect(() => openBytes(key, 'not sealed', 'vault')).toThrow(SecretBoxError);
  });

  it('opens with the key the value names among several (key rotation)', () => {
    const old = newMasterKey();
    const sealed = sealText(old, 'from before', 'c');
    expect(openText([key, old], sealed, 'c')).toBe('from before');
    expect(() => openText(key, sealed, 'c')).toThrow(/master key this server does not have/);
  });

  it('reads a master key given as base64 of 32 bytes only', () => {
    const text = key.toString('base64');
    expect(parseMasterKey(text)?.equals(key)).toBe(true);
    expect(parseMasterKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(parseMasterKey(newMasterKey().subarray(0, 16).toString('base64'))).toBeUndefined();
    expect(parseMasterKey('not a key at all')).toBeUndefined();
  });
});
