import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

  it('names every bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('has no default secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_URL: 'https://x.example' })).toThrow(
      /JWT_SECRET/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      APP_URL: 'https://x.example/',
      JWT_SECRET: 'a'.repeat(40),
    });
    expect(config.jwtSecret).toBe('a'.repeat(40));
    expect(config.appUrl).toBe('https://x.example');
  });

  it('scales every rate limit by RATE_LIMIT_MULTIPLIER', () => {
    const config = loadConfig({ DATA_DIR: dir, RATE_LIMIT_MULTIPLIER: '20' });
    expect(config.rateLimits.login.ip.max).toBe(600);
    expect(config.rateLimits.forgot.account.max).toBe(60);
    expect(loadConfig({ DATA_DIR: dir }).rateLimits.login.ip.max).toBe(30);
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });
});
