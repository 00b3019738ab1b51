// The shape of one mail's words, shared by every feature's text file and by mail-texts.ts,
// which gathers them (so the text files never import the catalogue that imports them).

export interface MailTexts {
  subject: string;
  /** A subject with the request's values (a support request's own subject); `subject` otherwise. */
  subjectFor?(params: Readonly<Record<string, string>>): string;
  /** Salutation with the recipient's name, or the plain one without it. */
  greeting(name: string | undefined): string;
  /** Paragraphs above the link. */
  body(params: Readonly<Record<string, string>>): string[];
  /** Label of the link (the button in HTML). */
  action: string;
  /** Paragraph below the link. */
  footer: string;
}

/** "Hallo Anna," or "Hallo," without a name: the salutation word of a language. */
export const hello = (word: string) => (name: string | undefined): string => (name ? `${word} ${name},` : `${word},`);
