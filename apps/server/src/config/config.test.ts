import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, projectRoot } from './config.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.SQLITE_FILE).toBe(`${config.DATA_DIR}/ssaem.sqlite`);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.DEMO_PASSWORD).toBe('demo1234!');
    expect(config.REFERENCE_DATA_DIR).toBe(`${projectRoot}/reference-data`);
  });

  it('turns the demo seed off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('lists every invalid variable at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'REDIS_URL']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
