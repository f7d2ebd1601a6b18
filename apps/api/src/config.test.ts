import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'helo-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration', () => {
  it('defaults to port 3000, embedded data and the outbox', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
    });
  });

  it('generates a development secret once and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first);
  });

  it('generates the encryption and Vault keys once, adding them to a secrets file written before they existed', () => {
    const older = mkdtempSync(join(tmpdir(), 'helo-config-'));
    writeFileSync(join(older, 'secrets.json'), JSON.stringify({ jwtSecret: 'j'.repeat(40) }));
    const config = loadConfig({ DATA_DIR: older });
    expect(config.jwtSecret).toBe('j'.repeat(40));
    expect(config.encryptionKey.length).toBe(32);
    expect(loadConfig({ DATA_DIR: older }).encryptionKey.equals(config.encryptionKey)).toBe(true);
    const saved = JSON.parse(readFileSync(join(older, 'secrets.json'), 'utf8'));
    expect(saved).toEqual({
      jwtSecret: 'j'.repeat(40),
      encryptionKey: config.encryptionKey.toString('base64'),
      vaultKey: config.vaultKey.toString('base64'),
    });
    expect(config.vaultKey.equals(config.encryptionKey)).toBe(false);
    expect(loadConfig({ DATA_DIR: older }).vaultKey.equals(config.vaultKey)).toBe(true);
    expect(config.vaultDir).toBe(join(older, 'vault'));
    rmSync(older, { recursive: true, force: true });
  });

  it('takes ENCRYPTION_KEY from the environment and refuses one that is not 32 bytes', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: key.toString('base64') }).encryptionKey.equals(key)).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/ENCRYPTION_KEY/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('has no default secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_URL: 'https://x.example' })).toThrow(
      /JWT_SECRET/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_URL: 'https://x.example', JWT_SECRET: 'a'.repeat(40) }),
    ).toThrow(/ENCRYPTION_KEY: required in production/);
    const withoutVaultKey = {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      APP_URL: 'https://x.example/',
      JWT_SECRET: 'a'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    expect(() => loadConfig(withoutVaultKey)).toThrow(/VAULT_KEY: required in production/);
    expect(() => loadConfig({ ...withoutVaultKey, VAULT_KEY: 'c2hvcnQ=' })).toThrow(/VAULT_KEY must be the base64/);
    const config = loadConfig({
      VAULT_KEY: Buffer.alloc(32, 2).toString('base64'),
      NODE_ENV: 'production',
      DATA_DIR: dir,
      APP_URL: 'https://x.example/',
      JWT_SECRET: 'a'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(config.jwtSecret).toBe('a'.repeat(40));
    expect(config.vaultKey.equals(Buffer.alloc(32, 2))).toBe(true);
    expect(config.appUrl).toBe('https://x.example');
  });

  it('scales every rate limit by RATE_LIMIT_MULTIPLIER', () => {
    const config = loadConfig({ DATA_DIR: dir, RATE_LIMIT_MULTIPLIER: '20' });
    expect(config.rateLimits.login.ip.max).toBe(600);
    expect(config.rateLimits.forgot.account.max).toBe(60);
    expect(loadConfig({ DATA_DIR: dir }).rateLimits.login.ip.max).toBe(30);
  });

  it('reads the refresh grace from REFRESH_GRACE_MS, 10 s by default', () => {
    expect(loadConfig({ DATA_DIR: dir, REFRESH_GRACE_MS: '1500' }).refreshGraceMs).toBe(1500);
    expect(loadConfig({ DATA_DIR: dir }).refreshGraceMs).toBe(10_000);
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });
});

describe('Vault S3 storage', () => {
  it('keeps the Vault on disk unless a bucket is named', () => {
    expect(loadConfig({ DATA_DIR: dir }).vaultS3).toBeUndefined();
  });

  it('reads a bucket with its endpoint, region, keys and path style', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      VAULT_S3_BUCKET: 'helo-vault',
      VAULT_S3_ENDPOINT: 'http://minio.internal:9000',
      VAULT_S3_REGION: 'eu-west-3',
      VAULT_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      VAULT_S3_SECRET_ACCESS_KEY: 'secret-example',
      VAULT_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.vaultS3).toEqual({
      bucket: 'helo-vault',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      forcePathStyle: true,
    });
  });

  it('defaults to us-east-1, virtual-host style and the AWS default credentials', () => {
    expect(loadConfig({ DATA_DIR: dir, VAULT_S3_BUCKET: 'b' }).vaultS3).toEqual({
      bucket: 'b',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses half a key pair, S3 settings without a bucket, a bad endpoint or path style', () => {
    expect(() => loadConfig({ DATA_DIR: dir, VAULT_S3_BUCKET: 'b', VAULT_S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /VAULT_S3_SECRET_ACCESS_KEY: .*go together/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAULT_S3_BUCKET: 'b', VAULT_S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /VAULT_S3_ACCESS_KEY_ID: .*go together/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAULT_S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /VAULT_S3_BUCKET: required when VAULT_S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAULT_S3_BUCKET: 'b', VAULT_S3_ENDPOINT: 'minio' })).toThrow(
      /VAULT_S3_ENDPOINT/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, VAULT_S3_BUCKET: 'b', VAULT_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /VAULT_S3_FORCE_PATH_STYLE/,
    );
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).trustProxy;

  it('trusts nobody by default', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes the proxies’ addresses and ranges', () => {
    expect(trust('10.0.0.5, 10.0.1.0/24,::1,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback']);
  });

  it('refuses to trust every hop, or a hop count, and names what it expects instead', () => {
    expect(() => trust('true')).toThrow(/TRUST_PROXY: true would believe any X-Forwarded-For.*addresses or ranges/);
    expect(() => trust('1')).toThrow(/TRUST_PROXY: a hop count cannot tell a proxy from a client/);
  });

  it.each(['proxy.example.com', '10.0.0.1/33', '300.1.1.1', '10.0.0.0/8/1'])('refuses %s', (value) => {
    expect(() => trust(value)).toThrow(/TRUST_PROXY: .* is not an IP address or CIDR range/);
  });
});
