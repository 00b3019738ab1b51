import { mailFrom, parseMailWorkerConfig } from './mail-worker.config';

const base = { DATABASE_URL: 'postgres://db/planwerk', PUBLIC_URL: 'https://planwerk.example' };

describe('mail worker configuration', () => {
  it('uses SMTP and BullMQ on PostgreSQL by default, with the sender on the public host', () => {
    const config = parseMailWorkerConfig({ ...base, SMTP_URL: 'smtp://mail:25' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config).toMatchObject({ SMTP_URL: 'smtp://mail:25', MAIL_REACTOR: true, MAIL_WORKER: true, MAIL_CONCURRENCY: 2 });
    expect(mailFrom(config)).toBe('Planwerk <no-reply@planwerk.example>');
  });

  it('refuses to start without SMTP_URL unless the development mailbox is asked for', () => {
    expect(() => parseMailWorkerConfig(base)).toThrow(/SMTP_URL: required in distributed mode/);
    expect(parseMailWorkerConfig({ ...base, MAIL_DEV_MAILBOX: 'true' }).MAIL_DEV_MAILBOX).toBe(true);
  });

  it('lists every wrong variable', () => {
    expect(() => parseMailWorkerConfig({ DATABASE_URL: 'mysql://x', REDIS_URL: 'http://r', SMTP_URL: 'smtp://m' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL\n {2}REDIS_URL: must be a redis:\/\/ URL\n {2}PUBLIC_URL/,
    );
  });
});
