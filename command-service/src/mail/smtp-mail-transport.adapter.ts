import { createTransport } from 'nodemailer';
import type { MailTransport } from './mail-transport.port';

export interface SmtpMailTransportOptions {
  /** e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@mail.example.org` */
  url: string;
  /** Sender, e.g. `Planwerk <no-reply@planwerk.example>`. */
  from: string;
}

export function createSmtpMailTransport(options: SmtpMailTransportOptions): MailTransport {
  const transporter = createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'Content-Language': mail.language },
        ...(mail.attachments?.length
          ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
          : {}),
      });
    },
    async close() {
      transporter.close();
    },
  };
}
