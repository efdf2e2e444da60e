/**
 * A mail as the intake sees it, already read by the shell (src/shell/mail/read.ts), and the loop
 * guard of RFC 3834: automatic mail is never answered, so two robots cannot mail each other for
 * ever. Everything Tallyho sends carries `Auto-Submitted: auto-generated` and LOOP_HEADER.
 */

export const LOOP_HEADER = 'X-Tallyho-Loop';

export interface IncomingMail {
  /** With angle brackets; '' when the mail has none. */
  messageId: string;
  /** SHA-256 (hex) of the raw message without the trace headers servers add on the way. */
  contentSha256: string;
  /** The From address, lower case; '' when there is none. */
  from: string;
  /** The envelope sender: '' for the null sender (<>), null when the transport does not say. */
  returnPath: string | null;
  subject: string;
  /** Header fields by lower-case name, every occurrence, values unfolded. */
  headers: Record<string, string[]>;
  /** MIME type of the whole message, lower case (e.g. text/plain, multipart/report). */
  contentType: string;
  /** The text the orders are read from: the text/plain part, or the HTML converted to text. */
  text: string;
  /** Why the mail cannot be read at all (too big, too many parts); null when it can. */
  unreadable: string | null;
  /** Things the player should know about how the mail was read (e.g. HTML converted). */
  notes: string[];
}

const header = (m: IncomingMail, name: string): string[] => m.headers[name] ?? [];

const localPart = (address: string): string => address.split('@')[0]?.toLowerCase() ?? '';

const ROBOTS = new Set(['mailer-daemon', 'postmaster']);
const PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);

/**
 * Why this mail must not be answered, or null when it may be. `ours`: the referee's own addresses.
 */
export function loopGuard(m: IncomingMail, ours: readonly string[]): string | null {
  for (const v of header(m, 'auto-submitted')) {
    const value = (v.split(';')[0] ?? '').trim().toLowerCase();
    if (value !== 'no') return `Auto-Submitted: ${value || '(empty)'}`;
  }
  for (const v of header(m, 'precedence')) {
    if (PRECEDENCE.has(v.trim().toLowerCase())) return `Precedence: ${v.trim().toLowerCase()}`;
  }
  const list = Object.keys(m.headers).find((h) => h.startsWith('list-'));
  if (list) return `${list} header (mailing list)`;
  if (header(m, LOOP_HEADER.toLowerCase()).length) return `${LOOP_HEADER} header (sent by a referee)`;
  for (const h of ['x-autoreply', 'x-autorespond']) if (header(m, h).length) return `${h} header (auto-reply)`;
  if (m.returnPath === '') return 'null envelope sender (a bounce or notification)';
  for (const a of [m.from, m.returnPath ?? '']) {
    if (a && ROBOTS.has(localPart(a))) return `sent by ${a}`;
  }
  if (m.contentType === 'multipart/report') return 'multipart/report (a delivery or read report)';
  const own = ours.map((a) => a.toLowerCase());
  if (m.from && own.includes(m.from)) return `sent from the referee's own address ${m.from}`;
  if (m.returnPath && own.includes(m.returnPath.toLowerCase()))
    return `envelope sender is the referee's own address ${m.returnPath}`;
  return null;
}

/**
 * Whether the loop guard stops `m` only as mailing-list mail (a List-* header, Precedence: list):
 * such a mail from a club's list may carry a player's orders, taken when its envelope's secret or
 * token is right and answered to his registered address only, never to the list (app/intake).
 * Anything else automatic about it (Auto-Submitted, an auto-reply, a bounce) keeps it out.
 */
export function onlyListMail(m: IncomingMail, ours: readonly string[]): boolean {
  const headers = Object.fromEntries(
    Object.entries(m.headers).filter(
      ([h, v]) => !h.startsWith('list-') && !(h === 'precedence' && v.every((x) => x.trim().toLowerCase() === 'list')),
    ),
  );
  return loopGuard(m, ours) !== null && loopGuard({ ...m, headers }, ours) === null;
}

/** Where the writer's own text of a mail ends: a quote, a quote header, a signature. */
const QUOTE_START = [
  /^>/,
  /^-- ?$/,
  /^On .+ wrote:$/i,
  /^Le .+ a écrit ?:$/i,
  /^Am .+ schrieb .+:$/i,
  /^-{2,}\s*Original Message\s*-{2,}$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}$/i,
  /^_{8,}$/,
  /^From: /i,
  /^Sent from my /i,
];

/** A quote header or signature line is short: a longer line is the writer's own (and no pattern runs over it). */
export const MAX_QUOTE_LINE = 200;

/**
 * The lines the sender wrote, before any quoted mail or signature, without blank lines; at most
 * `max` of them (a bare command is a mail of one line: the rest is never looked at).
 */
export function ownLines(text: string, max = 2): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.length <= MAX_QUOTE_LINE && QUOTE_START.some((re) => re.test(line))) break;
    if (line) out.push(line);
    if (out.length >= max) break;
  }
  return out;
}
