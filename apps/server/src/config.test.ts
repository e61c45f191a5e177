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
    // WeChat's redirect_uri in production comes from PUBLIC_ORIGIN, never from the Host header.
    expect(() => loadConfig({ NODE_ENV: 'production', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ NODE_ENV: 'production', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', PUBLIC_ORIGIN: 'https://pool.example.com' }).PUBLIC_ORIGIN).toBe('https://pool.example.com');
    expect(loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' }).PUBLIC_ORIGIN).toBeUndefined();
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

describe('CHAIN_NETWORKS and STRATUM_PUBLIC_URLS', () => {
  it('puts every coin on mainnet unless named', () => {
    expect(loadConfig({}).CHAIN_NETWORKS).toEqual({});
    expect(loadConfig({ CHAIN_NETWORKS: ' LTC=regtest, btc = testnet ' }).CHAIN_NETWORKS).toEqual({ ltc: 'regtest', btc: 'testnet' });
  });

  it.each(['ltc', 'ltc=devnet', 'eth=testnet', 'ltc=regtest,ltc=testnet', 'ltc=regtest=x'])('refuses CHAIN_NETWORKS=%s', (value) => {
    expect(() => loadConfig({ CHAIN_NETWORKS: value })).toThrow(/CHAIN_NETWORKS/);
  });

  it('reads the fallback stratum URLs by coin', () => {
    expect(loadConfig({}).STRATUM_PUBLIC_URLS).toEqual({});
    expect(loadConfig({ STRATUM_PUBLIC_URLS: 'ltc=stratum+tcp://ltc.pool.example:3333, LTC=stratum+ssl://ltc.pool.example:3334,btc=stratum+tcp://[2001:db8::1]:3333' }).STRATUM_PUBLIC_URLS).toEqual({
      ltc: ['stratum+tcp://ltc.pool.example:3333', 'stratum+ssl://ltc.pool.example:3334'],
      btc: ['stratum+tcp://[2001:db8::1]:3333'],
    });
  });

  it.each(['ltc=http://pool.example:3333', 'ltc=stratum+tcp://pool.example', 'ltc=stratum+tcp://pool.example:70000', 'nocoin=stratum+tcp://pool.example:3333', 'stratum+tcp://pool.example:3333'])('refuses STRATUM_PUBLIC_URLS=%s', (value) => {
    expect(() => loadConfig({ STRATUM_PUBLIC_URLS: value })).toThrow(/STRATUM_PUBLIC_URLS/);
  });
});

describe('CHAIN_ADAPTERS', () => {
  it('reads each coin\'s chain; the coins not named use CHAIN_ADAPTER', () => {
    expect(loadConfig({}).CHAIN_ADAPTERS).toEqual({});
    expect(loadConfig({ CHAIN_ADAPTERS: ' DOGE=disabled, usdt_trc20 = disabled ' }).CHAIN_ADAPTERS).toEqual({ doge: 'disabled', usdt_trc20: 'disabled' });
    expect(loadConfig({ CHAIN_ADAPTERS: 'ltc=jsonrpc', WALLET_RPC_URLS: '{"ltc":"http://u:p@127.0.0.1:19332"}' }).CHAIN_ADAPTERS).toEqual({ ltc: 'jsonrpc' });
  });

  it.each(['ltc', 'ltc=node', 'xyz=simulated', 'ltc=disabled,ltc=simulated', 'ltc=simulated=x'])('refuses CHAIN_ADAPTERS=%s', (value) => {
    expect(() => loadConfig({ CHAIN_ADAPTERS: value })).toThrow(/CHAIN_ADAPTERS/);
  });

  it('refuses a coin on a wallet node without the node\'s address', () => {
    expect(() => loadConfig({ CHAIN_ADAPTERS: 'ltc=jsonrpc,btc=jsonrpc', WALLET_RPC_URLS: '{"btc":"http://u:p@127.0.0.1:8332"}' })).toThrow(/CHAIN_ADAPTERS: ltc is jsonrpc but WALLET_RPC_URLS names no node for it/);
  });
});
