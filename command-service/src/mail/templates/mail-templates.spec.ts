import { MAIL_LANGUAGES, MAIL_TEMPLATES, mailRequestSchema, type MailRequestInput } from '@planwerk/events';
import { escapeHtml, MailRequestNotRenderable, parsePublicUrl, renderMail } from './mail-templates';

const PUBLIC = 'https://planwerk.example/app';

function request(input: Partial<MailRequestInput> & Pick<MailRequestInput, 'template'>) {
  return mailRequestSchema.parse({ to: 'anna@example.org', language: 'de', ...input });
}

const valid: Record<(typeof MAIL_TEMPLATES)[number], Partial<MailRequestInput>> = {
  activation: { linkPath: '/account/activate/tok123' },
  'parent-confirmation': { linkPath: '/account/child/tok123', params: { childName: 'Mia' } },
  'password-reset': { linkPath: '/account/reset/tok123' },
  'new-device': { params: { deviceName: 'Firefox on Linux' } },
  'team-invitation': { linkPath: '/invite/0f0e0d0c-0b0a-4908-8706-050403020100', params: { teamName: 'Chor Nord' } },
  'signup-promoted': { linkPath: '/sommerfest', params: { projectName: 'Sommerfest', itemName: 'Kuchen' } },
  'list-notify': { linkPath: '/sommerfest', params: { projectName: 'Sommerfest', listName: 'Helfer', subject: 'Treffpunkt', text: 'Wir treffen uns um 9 Uhr.' } },
  'project-invite': { linkPath: '/sommerfest', params: { inviterName: 'Lea Muster', projectName: 'Sommerfest', message: 'Komm vorbei!' } },
  'signup-confirmation': {
    linkPath: '/sommerfest/signup', linkFragment: 'l.s.tok_123', params: { projectName: 'Sommerfest', itemName: 'Kuchen', status: 'placed', when: '', calendar: 'no' },
  },
  'signup-reminder': { linkPath: '/sommerfest', params: { projectName: 'Sommerfest', itemName: 'Kuchen', when: 'Samstag, 4. Juli 2026 um 14:00' } },
  'organiser-signup': { linkPath: '/manage/chor-nord/project/0f0e0d0c-0b0a-4908-8706-050403020100', params: { projectName: 'Sommerfest', listName: 'Helfer', itemName: 'Kuchen', person: 'Lea Muster' } },
  'organiser-digest': { linkPath: '/manage/chor-nord/project/0f0e0d0c-0b0a-4908-8706-050403020100', params: { projectName: 'Sommerfest', day: '4. Juli 2026', added: 3, cancelled: 1, items: 'Kuchen: +2 / −1\nGrill: +1 / −0' } },
  'support-request': { linkPath: '/team/chor-nord', replyTo: 'lea@example.org', params: { teamName: 'Chor Nord', personName: 'Lea Muster', personEmail: 'lea@example.org', subject: 'Rechnung', message: 'Bitte <b>noch einmal</b> schicken.' } },
};

describe('renderMail: the private link of a visitor\'s confirmation', () => {
  const confirmation = valid['signup-confirmation'];

  it('puts the private part behind # on the project\'s /signup page', () => {
    expect(renderMail(request({ template: 'signup-confirmation', ...confirmation }), PUBLIC).text).toContain('https://planwerk.example/app/sommerfest/signup#l.s.tok_123');
  });

  it.each([
    ['no fragment', { linkFragment: undefined }],
    ['another page', { linkPath: '/account/activate/x' }],
    ['a deeper path', { linkPath: '/sommerfest/x/signup' }],
  ])('refuses a link with %s', (_, change) => {
    expect(() => renderMail(request({ template: 'signup-confirmation', ...confirmation, ...change }), PUBLIC)).toThrow(MailRequestNotRenderable);
  });

  it('refuses a fragment with characters outside the token alphabet', () => {
    expect(() => request({ template: 'signup-confirmation', ...confirmation, linkFragment: 'a#b' })).toThrow();
    expect(() => request({ template: 'signup-confirmation', ...confirmation, linkFragment: 'a/../b' })).toThrow();
  });
});

describe('renderMail', () => {
  it('renders the German activation mail with the link on the configured public URL', () => {
    const mail = renderMail(request({ template: 'activation', toName: 'Anna', linkPath: '/account/activate/abc-DEF_1' }), parsePublicUrl(PUBLIC));
    expect(mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse für Planwerk');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('Konto aktivieren: https://planwerk.example/app/account/activate/abc-DEF_1');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('href="https://planwerk.example/app/account/activate/abc-DEF_1"');
  });

  it.each([
    ['en', 'Please confirm your email address for Planwerk', 'Hello Anna,'],
    ['fr', 'Confirme ton adresse e-mail pour Planwerk', 'Bonjour Anna,'],
    ['it', 'Conferma il tuo indirizzo e-mail per Planwerk', 'Ciao Anna,'],
  ] as const)('renders the activation mail in %s', (language, subject, greeting) => {
    const mail = renderMail(request({ template: 'activation', language, toName: 'Anna', linkPath: '/account/activate/t' }), PUBLIC);
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(greeting)).toBe(true);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  it('falls back to German for a language without mail texts', () => {
    const mail = renderMail(request({ template: 'password-reset', language: 'fx', linkPath: '/account/reset/t' }), PUBLIC);
    expect(mail.subject).toBe('Passwort für Planwerk zurücksetzen');
  });

  it('has a subject, text and link for every template in every language', () => {
    for (const template of MAIL_TEMPLATES) {
      for (const language of MAIL_LANGUAGES) {
        const mail = renderMail(request({ template, language, ...valid[template] }), PUBLIC);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toMatch(/https:\/\/planwerk\.example\/app\/(account\/|settings\/|invite\/|sommerfest|manage\/|team\/)/);
      }
    }
  });

  it('puts the parent confirmation and reset links on their own paths, and new-device on the devices page', () => {
    expect(renderMail(request({ template: 'parent-confirmation', ...valid['parent-confirmation'] }), PUBLIC).text)
      .toContain('https://planwerk.example/app/account/child/tok123');
    expect(renderMail(request({ template: 'password-reset', ...valid['password-reset'] }), PUBLIC).text)
      .toContain('https://planwerk.example/app/account/reset/tok123');
    const device = renderMail(request({ template: 'new-device', language: 'en', ...valid['new-device'] }), PUBLIC);
    expect(device.text).toContain('signed in on a new device: Firefox on Linux.');
    expect(device.text).toContain('https://planwerk.example/app/settings/device');
  });

  it('escapes names and params in HTML and keeps them as they are in the text', () => {
    const mail = renderMail(
      request({ template: 'parent-confirmation', toName: '<b>Eva</b> & Co', linkPath: '/account/child/t', params: { childName: '<script>x</script>' } }),
      PUBLIC,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Eva</b>');
    expect(mail.html).toContain('&lt;b&gt;Eva&lt;/b&gt; &amp; Co');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.text).toContain('<script>x</script> hat sich bei Planwerk registriert');
  });

  it('refuses a token link that points to another template’s path, or none at all', () => {
    expect(() => renderMail(request({ template: 'activation', linkPath: '/account/reset/tok' }), PUBLIC)).toThrow(MailRequestNotRenderable);
    expect(() => renderMail(request({ template: 'password-reset' }), PUBLIC)).toThrow(MailRequestNotRenderable);
    expect(() => renderMail(request({ template: 'activation', linkPath: '/account/activate/a/b' }), PUBLIC)).toThrow(MailRequestNotRenderable);
  });

  it('names the inviter and the project of a project invitation, with the message only when there is one', () => {
    const withText = renderMail(request({ template: 'project-invite', ...valid['project-invite'] }), PUBLIC);
    expect(withText.text).toContain('Lea Muster lädt dich zum Projekt „Sommerfest“ bei Planwerk ein.');
    expect(withText.text).toContain('Komm vorbei!');
    expect(withText.text).toContain('Projekt ansehen: https://planwerk.example/app/sommerfest');
    const plain = renderMail(request({ template: 'project-invite', language: 'en', linkPath: '/sommerfest', params: { inviterName: 'Lea', projectName: 'Fest' } }), PUBLIC);
    expect(plain.text).toContain('Lea invites you to the project “Fest” on Planwerk.');
    expect(plain.text).not.toContain('Message:');
    expect(() => renderMail(request({ template: 'project-invite', linkPath: '/sommerfest', params: { projectName: 'Fest' } }), PUBLIC)).toThrow(/inviterName/);
  });

  it('links a project invitation with its id behind # and drops a fragment of another shape', () => {
    const invitationId = '4fce5096-ad4c-4a9c-9b5e-6f708192a3b4';
    const tracked = renderMail(request({ template: 'project-invite', ...valid['project-invite'], linkFragment: `invite-${invitationId}` }), PUBLIC);
    expect(tracked.text).toContain(`Projekt ansehen: https://planwerk.example/app/sommerfest#invite-${invitationId}`);
    const odd = renderMail(request({ template: 'project-invite', ...valid['project-invite'], linkFragment: 'token-123' }), PUBLIC);
    expect(odd.text).toContain('Projekt ansehen: https://planwerk.example/app/sommerfest\n');
  });

  it('refuses missing params, naming the field', () => {
    expect(() => renderMail(request({ template: 'new-device' }), PUBLIC)).toThrow(/deviceName/);
  });
});

describe('parsePublicUrl', () => {
  it('drops a trailing slash and accepts only http(s) without query or fragment', () => {
    expect(parsePublicUrl('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(() => parsePublicUrl('javascript:alert(1)')).toThrow();
    expect(() => parsePublicUrl('https://x.example/?a=1')).toThrow();
    expect(() => parsePublicUrl('not a url')).toThrow();
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('renderMail: a support request to the operator', () => {
  it('puts the request\'s subject in the mail\'s subject, names team and person, and escapes the message in HTML', () => {
    const mail = renderMail(request({ template: 'support-request', to: 'support@planwerk.example', ...valid['support-request'] }), PUBLIC);
    expect(mail.subject).toBe('Anfrage aus dem Team „Chor Nord“: Rechnung');
    expect(mail.text).toContain('Lea Muster (lea@example.org) schreibt für das Team „Chor Nord“');
    expect(mail.text).toContain('Bitte <b>noch einmal</b> schicken.');
    expect(mail.text).toContain('Team ansehen: https://planwerk.example/app/team/chor-nord');
    expect(mail.html).toContain('Bitte &lt;b&gt;noch einmal&lt;/b&gt; schicken.');
  });

  it('keeps Reply-To in the request and refuses a message beyond 4000 characters', () => {
    expect(request({ template: 'support-request', ...valid['support-request'] }).replyTo).toBe('lea@example.org');
    const long = { ...valid['support-request'], params: { ...valid['support-request'].params, message: 'x'.repeat(4001) } };
    expect(() => renderMail(request({ template: 'support-request', ...long }), PUBLIC)).toThrow();
  });
});
