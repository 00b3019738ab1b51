import { DomainError, errorBody, preferredLanguage } from './domain-error';
import { ERROR_CATALOGUE, findErrorEntry } from './error-catalogue';

describe('error catalogue (spec section 8)', () => {
  it('holds every code the spec names, once', () => {
    const codes = ERROR_CATALOGUE.map((e) => e.code);
    const specCodes = [6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008, 6009, 6010, 6011, 6012,
      6020, 6021, 6022, 6991, 2001, 2002, 2003, 2004, 6200, 6201, 6205, 6206, 6208, 601,
      6950, 6951, 9000, 6952];
    for (const code of specCodes) expect(codes).toContain(code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every entry a German and an English text, a message key and an HTTP status', () => {
    for (const e of ERROR_CATALOGUE) {
      expect(e.de.trim()).not.toBe('');
      expect(e.en.trim()).not.toBe('');
      expect(e.messageKey).toMatch(/^[a-z]+(\.[A-Za-z0-9]+)+$/);
      expect(e.httpStatus).toBeGreaterThanOrEqual(400);
      expect(e.httpStatus).toBeLessThan(600);
    }
  });

  it('uses the statuses and texts the spec fixes', () => {
    expect(findErrorEntry(6950)?.httpStatus).toBe(503);
    expect(findErrorEntry(6951)?.httpStatus).toBe(503);
    expect(findErrorEntry(6952)?.httpStatus).toBe(500);
    expect(findErrorEntry('internal')?.de).toBe('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    expect(findErrorEntry('unauthorized')?.en).toBe('Access denied: you are not authorised');
    expect(findErrorEntry('unauthorized')?.httpStatus).toBe(401);
    expect(findErrorEntry('idempotency_key_reused')?.httpStatus).toBe(422);
    expect(findErrorEntry('conflict')?.httpStatus).toBe(409);
    expect(findErrorEntry('not_found')?.httpStatus).toBe(404);
  });

  it('holds the answers of the second factor and passkeys that the spec gives no code', () => {
    expect(findErrorEntry('second_factor_code_invalid')?.httpStatus).toBe(401);
    expect(findErrorEntry('second_factor_locked')?.httpStatus).toBe(429);
    for (const code of ['second_factor_not_enabled', 'second_factor_already_enabled', 'second_factor_setup_missing', 'passkey_already_registered']) {
      expect(findErrorEntry(code)?.httpStatus).toBe(409);
    }
    for (const code of ['login_state_invalid', 'webauthn_challenge_invalid', 'webauthn_verification_failed']) expect(findErrorEntry(code)?.httpStatus).toBe(401);
    expect(findErrorEntry('passkey_not_found')?.httpStatus).toBe(404);
  });

  it('gives 6004, 6020 and 6021 their own titles', () => {
    for (const code of [6004, 6020, 6021]) expect(findErrorEntry(code)?.title?.de).toBeTruthy();
  });

  it('maps other codes from 6201 to 6299 to the generic limit message, keeping their code', () => {
    expect(findErrorEntry(6250)).toBe(findErrorEntry(601));
    expect(errorBody(6250)).toEqual({ status: 402, intern: 6250, text: findErrorEntry(601)?.de });
    expect(findErrorEntry(6300)).toBeUndefined();
  });
});

describe('errorBody', () => {
  it('answers German by default and English on request', () => {
    expect(errorBody(6951)).toEqual({ status: 503, intern: 6951, text: 'Deine App-Version ist veraltet. Bitte aktualisiere die App.' });
    expect(errorBody(6951, { language: 'en' }).text).toBe('Your app version is outdated. Please update the app.');
  });

  it('names the field of a validation error in the body and the text', () => {
    expect(errorBody('validation_failed', { field: 'vote' })).toEqual({
      status: 400, intern: 'validation_failed', field: 'vote', text: 'Die Eingabe im Feld \u201evote\u201c ist ungültig.',
    });
  });

  it('answers an unknown code as the generic 500, never as something else', () => {
    expect(errorBody(4242)).toEqual({ status: 500, intern: 'internal', text: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut.' });
  });
});

describe('DomainError', () => {
  it('carries its code, field and catalogue status', () => {
    const error = new DomainError('validation_failed', { field: 'vote', details: { got: null } });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('validation_failed');
    expect(error.field).toBe('vote');
    expect(error.details).toEqual({ got: null });
    expect(error.httpStatus).toBe(400);
    expect(error.message).toContain('vote');
    expect(error.toBody('en')).toEqual({ status: 400, intern: 'validation_failed', field: 'vote', text: 'The value of the field \u201cvote\u201d is invalid.' });
  });

  it('sends its button with the body, and never its details', () => {
    const error = new DomainError(6201, { button: { target: 'manage-project', label: 'change_status' }, details: { teamId: 't1' } });
    expect(error.toBody('de')).toEqual({
      status: 402, intern: 6201, text: expect.any(String), button: { target: 'manage-project', label: 'change_status' },
    });
    expect(new DomainError(6201).toBody()).not.toHaveProperty('button');
  });

  it('builds limit errors only for limit codes', () => {
    expect(DomainError.limit(6230).toBody()).toMatchObject({ status: 402, intern: 6230 });
    expect(() => DomainError.limit(6100)).toThrow(RangeError);
  });
});

describe('preferredLanguage', () => {
  it.each([
    [undefined, 'de'],
    ['', 'de'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,en;q=0.5,de;q=0.4', 'en'],
    ['fr-FR,de;q=0.5,en;q=0.4', 'de'],
    ['en;q=0,de;q=0.1', 'de'],
    ['fr', 'de'],
  ])('%s → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
