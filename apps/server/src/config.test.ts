import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PGLITE_DATA_DIR).toBe('./data/pglite');
    expect(c.DEMO_SEED).toBe(true);
  });

  it('seeds no demo user in production unless asked to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_SEED).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' }).DEMO_SEED).toBe(true);
    expect(loadConfig({ DEMO_SEED: 'false' }).DEMO_SEED).toBe(false);
  });

  it('turns the e2e hooks on only when asked, and never in production', () => {
    expect(loadConfig({}).E2E_HOOKS).toBe(false);
    expect(loadConfig({ E2E_HOOKS: 'true' }).E2E_HOOKS).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', E2E_HOOKS: 'true' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('lists every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_SEED: 'maybe', REQUEST_SIGN_KEY: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'DEMO_SEED', 'REQUEST_SIGN_KEY']) expect(problems).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('reads booleans and numbers', () => {
    const c = loadConfig({ DEMO_SEED: 'false', PORT: '9000', HSTS: '1' });
    expect(c.DEMO_SEED).toBe(false);
    expect(c.PORT).toBe(9000);
    expect(c.HSTS).toBe(true);
  });
});

describe('trustProxyOption', () => {
  it('maps true/false, hop counts and address lists', () => {
    expect(trustProxyOption('true')).toBe(true);
    expect(trustProxyOption('false')).toBe(false);
    expect(trustProxyOption('2')).toBe(2);
    expect(trustProxyOption('10.0.0.1, 10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});
