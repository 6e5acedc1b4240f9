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

  it('keeps files on the local disk unless S3_BUCKET is set, and checks the S3 variables together', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const s3 = loadConfig({
      S3_BUCKET: 'ssaem-files',
      S3_ENDPOINT: 'http://127.0.0.1:7480',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3.S3_PATH_STYLE).toBe(true);
    expect(s3.S3_REGION).toBe('us-east-1');
    expect(s3.S3_PRESIGNED_DOWNLOADS).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'ssaem-files' }).S3_PATH_STYLE).toBe(false);
    expect(
      loadConfig({ S3_BUCKET: 'ssaem-files', S3_ENDPOINT: 'http://x:1', S3_FORCE_PATH_STYLE: 'false' })
        .S3_PATH_STYLE,
    ).toBe(false);

    let thrown: unknown;
    try {
      loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:7480', S3_ACCESS_KEY_ID: 'only-one' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      'S3_BUCKET',
    ]);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b-ok', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
