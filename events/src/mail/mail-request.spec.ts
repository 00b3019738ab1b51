import { FeedbackVoted } from '../feedback/feedback.events';
import { createEventCatalogue } from '../catalogue/all-events';
import { combineMailSources, mailLinkPaths, mailRequestSchema } from './mail-request';
import { MailDelivered, MailDeliveryFailed, redactMailError } from './mail.events';

describe('mailRequestSchema', () => {
  it('defaults the language to German and the params to none', () => {
    const request = mailRequestSchema.parse({ template: 'activation', to: 'anna@example.org', linkPath: '/account/activate/t' });
    expect(request).toEqual({ template: 'activation', to: 'anna@example.org', language: 'de', params: {}, linkPath: '/account/activate/t' });
  });

  it.each(['EN', 'fr', 'it'])('keeps the supported language %s', (language) => {
    expect(mailRequestSchema.parse({ template: 'activation', to: 'a@b.example', language }).language).toBe(language.toLowerCase());
  });

  it.each(['fx', 'es', 42])('falls back to German for %s', (language) => {
    expect(mailRequestSchema.parse({ template: 'activation', to: 'a@b.example', language }).language).toBe('de');
  });

  it.each(['https://evil.example/x', '//evil.example/x', 'account/activate/x', '/account/../admin', '/a b', '/a?x=1'])(
    'refuses the link path %s',
    (linkPath) => {
      expect(mailRequestSchema.safeParse({ template: 'activation', to: 'a@b.example', linkPath }).success).toBe(false);
    },
  );

  it('refuses an unknown template and a malformed address', () => {
    expect(mailRequestSchema.safeParse({ template: 'welcome', to: 'a@b.example' }).success).toBe(false);
    expect(mailRequestSchema.safeParse({ template: 'activation', to: 'not-an-address' }).success).toBe(false);
  });

  it('builds account links whose tokens cannot leave the path', () => {
    expect(mailLinkPaths.activation('abc_DEF-1')).toBe('/account/activate/abc_DEF-1');
    expect(mailLinkPaths.passwordReset('a/b?c')).toBe('/account/reset/a%2Fb%3Fc');
    expect(mailLinkPaths.parentConfirmation('t')).toBe('/account/child/t');
  });
});

describe('combineMailSources', () => {
  it('joins the sources of features and refuses an event type claimed twice', () => {
    const one = { A: () => null };
    const two = { B: () => null };
    expect(Object.keys(combineMailSources(one, two))).toEqual(['A', 'B']);
    expect(() => combineMailSources(one, { A: () => null })).toThrow('Mail source for A is registered twice');
  });
});

describe('mail outcome events', () => {
  const delivered = {
    jobId: '0b8f6f1e-3c1a-4d55-9d0e-6f1f0b6f2a11', sourceEventType: 'AccountRegistered', template: 'activation' as const,
    language: 'de' as const, to: 'anna@example.org', messageId: '<mail.x@planwerk.example>', transport: 'smtp' as const,
  };

  it('are in the catalogue, with the address as personal data', () => {
    const catalogue = createEventCatalogue();
    expect(catalogue.personalFields('MailDelivered')).toEqual(['to']);
    expect(catalogue.personalFields('MailDeliveryFailed')).toEqual(['to']);
    expect(catalogue.has(FeedbackVoted.type)).toBe(true);
  });

  it('describe the mail for the activity log without the address', () => {
    const description = MailDelivered.describe(delivered);
    expect(description).toEqual({
      object: { kind: 'mail', id: delivered.jobId }, projectId: null, listId: null, action: 'mail.delivered',
      fields: { template: 'activation', language: 'de', sourceEventType: 'AccountRegistered' },
    });
    const failed = MailDeliveryFailed.describe({
      jobId: delivered.jobId, sourceEventType: 'AccountRegistered', template: 'activation', language: 'de',
      to: 'anna@example.org', attempts: 5, reason: 'Error: 550 rejected',
    });
    expect(JSON.stringify(failed)).not.toContain('anna@example.org');
    expect(failed.action).toBe('mail.deliveryFailed');
  });

  it('redact addresses from failure reasons', () => {
    expect(redactMailError(new Error('550 5.1.1 <anna@example.org>: Recipient address rejected'))).toBe(
      'Error: 550 5.1.1 <<address>>: Recipient address rejected',
    );
    expect(redactMailError('x'.repeat(600))).toHaveLength(500);
  });
});
