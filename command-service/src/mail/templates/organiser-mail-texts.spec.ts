import { mailRequestSchema, type MailRequestInput } from '@planwerk/events';
import { parsePublicUrl, renderMail } from './mail-templates';

const PUBLIC = parsePublicUrl('https://planwerk.example');
const EDITOR = '/manage/chor-nord/project/0f0e0d0c-0b0a-4908-8706-050403020100';
const render = (input: Partial<MailRequestInput> & Pick<MailRequestInput, 'template'>) => renderMail(mailRequestSchema.parse({ to: 'lea@example.org', language: 'de', ...input }), PUBLIC);

describe('reminder and organiser mails', () => {
  it('reminds of the item with its date, linking the project page', () => {
    const mail = render({ template: 'signup-reminder', toName: 'Anna', linkPath: '/sommerfest', params: { projectName: 'Sommerfest', itemName: 'Kuchen', when: 'Samstag, 4. Juli 2026 um 14:00' } });
    expect(mail.subject).toBe('Erinnerung an deine Eintragung');
    expect(mail.text).toContain('„Kuchen“');
    expect(mail.text).toContain('Samstag, 4. Juli 2026 um 14:00');
    expect(mail.text).toContain('https://planwerk.example/sommerfest');
  });

  it('names the person, list, item and project of a new sign-up and links the editor; "Jemand" without a name', () => {
    const params = { projectName: 'Sommerfest', listName: 'Helfer', itemName: 'Kuchen', person: 'Lea Muster' };
    const mail = render({ template: 'organiser-signup', linkPath: EDITOR, params });
    expect(mail.text).toContain('Lea Muster hat sich im Projekt „Sommerfest“ in der Liste „Helfer“ für „Kuchen“ eingetragen.');
    expect(mail.text).toContain(`https://planwerk.example${EDITOR}`);
    expect(render({ template: 'organiser-signup', language: 'en', linkPath: EDITOR, params: { ...params, person: '' } }).text).toContain('Someone signed up for “Kuchen”');
  });

  it('sums up the day with one line per item', () => {
    const mail = render({ template: 'organiser-digest', language: 'fr', linkPath: EDITOR, params: { projectName: 'Fête', day: '4 juillet 2026', added: 3, cancelled: 1, items: 'Gâteau: +2 / −1\nGril: +1 / −0' } });
    expect(mail.subject).toBe('Résumé quotidien de ton projet');
    expect(mail.text).toContain('3 nouvelles inscriptions et 1 annulations le 4 juillet 2026');
    expect(mail.text).toContain('Gâteau: +2 / −1');
    expect(mail.html).toContain('Gril: +1 / −0');
  });

  it('refuses an organiser mail whose link is not a project editor', () => {
    expect(() => render({ template: 'organiser-signup', linkPath: '/sommerfest', params: { projectName: 'S', listName: 'H', itemName: 'K' } })).toThrow(/\/manage\/<team>\/project\/<project>/);
  });
});
