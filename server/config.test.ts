import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, loadConfigOrExit } from './config';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 8080,
      host: 'localhost',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
    });
    expect(c.dataDir).toMatch(/\.data$/);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/portal',
      PUBLIC_URL: 'https://tv.example.com/',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/portal',
      publicUrl: 'https://tv.example.com',
      env: 'production',
      trustProxy: true,
      logLevel: 'warn',
    });
  });

  it('requires a strong APP_SECRET in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: required in production/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    expect(loadConfig({ NODE_ENV: 'development' }).appSecret).toBeUndefined();
  });

  it('refuses to start in production without PUBLIC_URL, with the reason', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production, { startUp: true })).toThrow(/PUBLIC_URL: required in production .*never from a request's Host/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: ' ' }, { startUp: true })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://tv.example.com' }, { startUp: true }).publicUrl).toBe('https://tv.example.com');
    // Outside production the local address stays the default; in memory (tests) it is not a start.
    expect(loadConfig({ NODE_ENV: 'test' }, { startUp: true }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig(production).publicUrl).toBe('http://localhost:8080');
  });

  it('the entry points exit 1 with the message when production lacks PUBLIC_URL', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => {
      throw new Error('exited');
    }) as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => loadConfigOrExit({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) })).toThrow('exited');
      expect(exit).toHaveBeenCalledWith(1);
      expect(printed.mock.calls[0]?.[0]).toMatch(/^Invalid configuration:\n {2}- PUBLIC_URL: required in production/);
    } finally {
      exit.mockRestore();
      printed.mockRestore();
    }
  });

  it('treats an empty optional URL as absent', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it('lists every problem at once, by variable name', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'NODE_ENV', 'DATABASE_URL', 'LOG_LEVEL']) expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('takes a demo theme colour outside production only, and only a hex colour (docs/decisions/043)', () => {
    expect(loadConfig({ DEMO_THEME_COLOR: '#d9480f' }).demoThemeColor).toBe('#d9480f');
    expect(loadConfig({ NODE_ENV: 'test' }).demoThemeColor).toBeUndefined();
    expect(() => loadConfig({ DEMO_THEME_COLOR: 'orange' })).toThrow(/DEMO_THEME_COLOR: must be a hex colour/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), DEMO_THEME_COLOR: '#d9480f' })).toThrow(
      /DEMO_THEME_COLOR: only for development and tests/,
    );
  });

  it('moves the clock only outside production (docs/decisions/069)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'on' }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK: only for tests/);
  });
});
