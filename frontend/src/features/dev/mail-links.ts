// Only http(s) addresses become links: a mail cannot smuggle a javascript: URL into the page.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** The mail text split into plain text and links, in order. */
export function splitMailText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Each link of the text once, in order of appearance. */
export function mailLinks(text: string): string[] {
  const links = splitMailText(text).flatMap((part) => (part.kind === 'link' ? [part.href] : []));
  return [...new Set(links)];
}
