import type { MailCalendar } from '@planwerk/events';

// The calendar entry of a mail as an RFC 5545 iCalendar object (METHOD:PUBLISH, one VEVENT).
// Items carry a date and an optional local time window without a time zone (the product keeps
// none per project), so the event is written in floating time: 18:00 stays 18:00 wherever the
// calendar is. Without a time it is an all-day event (VALUE=DATE, DTEND the next day,
// exclusive). DTSTAMP is UTC, as the RFC requires. Lines are folded at 75 octets, CRLF.

export interface IcsAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** RFC 5545 3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 3.1: content lines longer than 75 octets continue on the next line after a space (never inside a UTF-8 sequence). */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replace(/-/g, '');
const compactTime = (time: string) => `${time.replace(':', '')}00`;

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function utcStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function window(calendar: MailCalendar): { start: string; end: string } {
  if (calendar.from === null) {
    return { start: `DTSTART;VALUE=DATE:${compactDate(calendar.date)}`, end: `DTEND;VALUE=DATE:${compactDate(nextDay(calendar.date))}` };
  }
  const to = calendar.to ?? calendar.from;
  // A window that ends before it starts (22:00–02:00) ends on the next day.
  const endDate = to < calendar.from ? nextDay(calendar.date) : calendar.date;
  return {
    start: `DTSTART:${compactDate(calendar.date)}T${compactTime(calendar.from)}`,
    end: `DTEND:${compactDate(endDate)}T${compactTime(to)}`,
  };
}

/** The .ics text of one entry; `url` is the public page of the project (never a private link). */
export function renderIcs(calendar: MailCalendar, url: string | null, language: string): string {
  const { start, end } = window(calendar);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Planwerk//Sign-up confirmation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${calendar.uid}`,
    `DTSTAMP:${utcStamp(new Date(calendar.stampedAt))}`,
    start,
    end,
    `SUMMARY;LANGUAGE=${language}:${escapeIcsText(calendar.summary)}`,
    ...(calendar.description ? [`DESCRIPTION;LANGUAGE=${language}:${escapeIcsText(calendar.description)}`] : []),
    ...(calendar.location ? [`LOCATION:${escapeIcsText(calendar.location)}`] : []),
    ...(url ? [`URL:${url}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

export function icsAttachment(calendar: MailCalendar, url: string | null, language: string): IcsAttachment {
  return { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: renderIcs(calendar, url, language) };
}
