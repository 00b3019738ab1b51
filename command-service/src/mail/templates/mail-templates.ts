import { z } from 'zod';
import type { MailRequest, MailTemplate } from '@planwerk/events';
import { icsAttachment, type IcsAttachment } from './calendar-ics';
import { MAIL_TEXTS } from './mail-texts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Files to attach (the .ics of a calendar entry). */
  attachments?: IcsAttachment[];
}

export class MailRequestNotRenderable extends Error {
  override readonly name = 'MailRequestNotRenderable';
}

interface TemplateRule {
  params: z.ZodType<Record<string, string>>;
  /** Where the link of this template must point; a fixed path needs no token from the request. */
  link: { kind: 'token'; prefix: string; fragment?: RegExp } | { kind: 'fixed'; path: string } | { kind: 'private'; suffix: string } | { kind: 'pattern'; pattern: RegExp; shape: string };
}

const noParams = z.object({}).transform((): Record<string, string> => ({}));
const text = z.coerce.string().trim().min(1).max(200);

// The project editor of the organiser mails: /manage/{teamLink}/project/{projectId}.
const EDITOR_LINK = { kind: 'pattern', pattern: /^\/manage\/[A-Za-z0-9\-._~%]+\/project\/[0-9a-f-]{36}$/, shape: '/manage/<team>/project/<project>' } as const;

// Links are fixed per template, so a request cannot send an activation mail pointing elsewhere.
const RULES: Record<MailTemplate, TemplateRule> = {
  activation: { params: noParams, link: { kind: 'token', prefix: '/account/activate/' } },
  'parent-confirmation': { params: z.object({ childName: text }), link: { kind: 'token', prefix: '/account/child/' } },
  'password-reset': { params: noParams, link: { kind: 'token', prefix: '/account/reset/' } },
  'new-device': { params: z.object({ deviceName: text }), link: { kind: 'fixed', path: '/settings/device' } },
  // The invitation's id is the last segment: /invite/{inviteId} (spec section 2).
  'team-invitation': { params: z.object({ teamName: text }), link: { kind: 'token', prefix: '/invite/' } },
  // Sign-ups (ADR 0006): the project's public view /{prjLink}; a notice carries the admin's words.
  'signup-promoted': { params: z.object({ projectName: text, itemName: text }), link: { kind: 'token', prefix: '/' } },
  'list-notify': { params: z.object({ projectName: text, listName: text, subject: text, text: z.coerce.string().trim().min(1).max(500) }), link: { kind: 'token', prefix: '/' } },
  // A visitor's confirmation (issue 14): /{prjLink}/signup#<private part>; the private part
  // (list, sign-up and token) rides in the fragment, so no server log or Referer sees it.
  'signup-confirmation': {
    params: z.object({
      projectName: text, itemName: text, status: z.enum(['placed', 'waitlisted']),
      when: z.coerce.string().trim().max(200).default(''), calendar: z.enum(['yes', 'no']).default('no'),
    }),
    link: { kind: 'private', suffix: '/signup' },
  },
  // Reminder before the date and organiser mails (issue 14, ADR 0013): the project's public view,
  // or its editor /manage/{teamLink}/project/{projectId}; `items` holds the digest's lines.
  'signup-reminder': { params: z.object({ projectName: text, itemName: text, when: text }), link: { kind: 'token', prefix: '/' } },
  'organiser-signup': {
    params: z.object({ projectName: text, listName: text, itemName: text, person: z.coerce.string().trim().max(200).default('') }),
    link: EDITOR_LINK,
  },
  'organiser-digest': {
    params: z.object({
      projectName: text, day: text, added: z.coerce.string().regex(/^\d+$/), cancelled: z.coerce.string().regex(/^\d+$/),
      items: z.coerce.string().trim().max(500).default(''),
    }),
    link: EDITOR_LINK,
  },
  // Project invitation: who invites, the project, the inviter's optional message (empty: none).
  // The link is /{prjLink}#invite-<invitationId>: the page reports the opening (issue 14).
  'project-invite': {
    params: z.object({ inviterName: text, projectName: text, message: z.coerce.string().trim().max(500).default('') }),
    link: { kind: 'token', prefix: '/', fragment: /^invite-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ },
  },
  // A team's owner or admin writes to the operator (SupportRequested): who, which team, their
  // subject and message (the request's limits); the link is the team's page /team/{ccLink}.
  'support-request': {
    params: z.object({
      teamName: text, personName: text, personEmail: text,
      subject: z.coerce.string().trim().min(1).max(120), message: z.coerce.string().trim().min(1).max(4000),
    }),
    link: { kind: 'pattern', pattern: /^\/team\/[A-Za-z0-9\-._~%]+$/, shape: '/team/<team>' },
  },
};

const publicUrlSchema = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be http(s)')
  .refine((value) => new URL(value).search === '' && new URL(value).hash === '', 'must have no query or fragment');

/** PUBLIC_URL without a trailing slash; throws with the reason when it is unusable. */
export function parsePublicUrl(value: string): string {
  return publicUrlSchema.parse(value).replace(/\/+$/, '');
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function linkFor(request: MailRequest, rule: TemplateRule, publicUrl: string): string {
  const link = rule.link;
  switch (link.kind) {
    case 'fixed':
      return publicUrl + link.path;
    case 'token': {
      const path = request.linkPath;
      if (!path || !path.startsWith(link.prefix) || path.length === link.prefix.length || path.slice(link.prefix.length).includes('/')) {
        throw new MailRequestNotRenderable(`template ${request.template} needs a link ${link.prefix}<token>`);
      }
      // A fragment only where the template allows one of its shape.
      if (link.fragment && request.linkFragment && link.fragment.test(request.linkFragment)) return `${publicUrl}${path}#${request.linkFragment}`;
      return publicUrl + path;
    }
    case 'pattern': {
      const path = request.linkPath;
      if (!path || !link.pattern.test(path)) throw new MailRequestNotRenderable(`template ${request.template} needs a link ${link.shape}`);
      return publicUrl + path;
    }
    case 'private': {
      const path = request.linkPath;
      const segments = path?.split('/') ?? [];
      // Exactly /<segment><suffix> with a fragment: the page and its private part.
      if (!path || !request.linkFragment || segments.length !== 3 || segments[1] === '' || `/${segments[2]}` !== link.suffix) {
        throw new MailRequestNotRenderable(`template ${request.template} needs a link /<page>${link.suffix}#<private part>`);
      }
      return `${publicUrl}${path}#${request.linkFragment}`;
    }
    default: {
      const unknown: never = link;
      throw new Error(`Unknown link kind ${JSON.stringify(unknown)}`);
    }
  }
}

/** Subject, plain text and HTML of one mail; `publicUrl` comes from configuration (parsePublicUrl). */
export function renderMail(request: MailRequest, publicUrl: string): RenderedMail {
  const rule = RULES[request.template];
  const parsed = rule.params.safeParse(request.params);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(params)').join(', ');
    throw new MailRequestNotRenderable(`template ${request.template}: invalid params ${fields}`);
  }
  const texts = MAIL_TEXTS[request.language][request.template];
  const url = linkFor(request, rule, publicUrl);
  const greeting = texts.greeting(request.toName || undefined);
  const paragraphs = texts.body(parsed.data);

  const textBody = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${texts.action}: ${url}`, '', texts.footer, '', '— Planwerk', ''].join('\n');
  const htmlUrl = escapeHtml(url);
  const html = [
    '<!doctype html>',
    `<html lang="${request.language}"><head><meta charset="utf-8"><title>${escapeHtml(texts.subjectFor?.(parsed.data) ?? texts.subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#222">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${htmlUrl}" style="display:inline-block;padding:8px 16px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(texts.action)}</a></p>`,
    `<p style="font-size:12px;color:#555">${htmlUrl}</p>`,
    `<p>${escapeHtml(texts.footer)}</p>`,
    '<p>— Planwerk</p>',
    '</body></html>',
  ].join('\n');
  // The calendar entry links the project's public page, never the private link.
  const pageUrl = request.linkPath ? publicUrl + request.linkPath.split('/').slice(0, 2).join('/') : null;
  const attachments = request.calendar ? [icsAttachment(request.calendar, pageUrl, request.language)] : undefined;
  return { subject: texts.subjectFor?.(parsed.data) ?? texts.subject, text: textBody, html, ...(attachments ? { attachments } : {}) };
}
