/**
 * Reading a raw mail for the intake, with mailparser (never hand-rolled MIME): the text/plain part,
 * or the HTML converted to text (html-to-text, as mailparser does, lines never wrapped) whenever no
 * usable plain text exists — an HTML body inside multipart/related (a signature image) or
 * multipart/mixed (an attachment) included, which mailparser leaves without text; any charset mailparser knows; limits on size,
 * header size and part count. A mail that cannot be read still yields its sender and Message-ID so
 * the player can be told. The content hash leaves out the trace headers servers add in transit, so a
 * second delivery of the same mail hashes the same.
 */
import { createHash } from 'node:crypto';
import { convert } from 'html-to-text';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { IncomingMail } from '../../app/ports/mail.ts';

export interface ReadLimits {
  maxBytes: number;
  maxHeaderBytes: number;
  maxParts: number;
}

export const DEFAULT_LIMITS: ReadLimits = { maxBytes: 1024 * 1024, maxHeaderBytes: 64 * 1024, maxParts: 50 };

/** Header fields added on the way (by MTAs, delivery agents, filters), left out of the content hash. */
const TRACE = new Set([
  'received',
  'return-path',
  'delivered-to',
  'x-original-to',
  'x-delivered-to',
  'x-envelope-to',
  'envelope-to',
  'x-spam-status',
  'x-spam-score',
  'x-spam-level',
  'x-spam-flag',
  'x-spam-checker-version',
  'authentication-results',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
  'received-spf',
  'x-virus-scanned',
]);

/** Where the header section ends (index of the blank line), or the whole buffer. */
export function headerEnd(raw: Buffer): { end: number; bodyStart: number } {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { end: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { end: lf, bodyStart: lf + 2 };
  return { end: raw.length, bodyStart: raw.length };
}

/** SHA-256 of the mail without trace headers (and without line-ending differences). */
export function contentHash(raw: Buffer): string {
  const { end, bodyStart } = headerEnd(raw);
  const head = raw.subarray(0, end).toString('latin1').replace(/\r\n/g, '\n');
  const fields: string[] = [];
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1] += `\n${line}`;
    else fields.push(line);
  }
  const kept = fields.filter((f) => !TRACE.has(f.slice(0, f.indexOf(':')).trim().toLowerCase()));
  const h = createHash('sha256');
  h.update(kept.join('\n'));
  h.update('\n\n');
  h.update(raw.subarray(bodyStart).toString('latin1').replace(/\r\n/g, '\n'));
  return h.digest('hex');
}

const firstAddress = (a: AddressObject | AddressObject[] | undefined): string => {
  const list = a === undefined ? [] : Array.isArray(a) ? a : [a];
  for (const o of list) for (const v of o.value) if (v.address) return v.address.trim().toLowerCase();
  return '';
};

function headerMap(parsed: ParsedMail): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const h of parsed.headerLines) {
    const colon = h.line.indexOf(':');
    const value = (colon >= 0 ? h.line.slice(colon + 1) : '').replace(/\r?\n[ \t]+/g, ' ').trim();
    (out[h.key.toLowerCase()] ??= []).push(value);
  }
  return out;
}

/** The envelope sender from a Return-Path header: '' for <>, null when absent. */
function returnPathOf(headers: Record<string, string[]>): string | null {
  const v = headers['return-path']?.[0];
  if (v === undefined) return null;
  const m = /<([^>]*)>/.exec(v);
  return (m ? (m[1] as string) : v).trim().toLowerCase();
}

const countParts = (raw: Buffer): number => (raw.toString('latin1').match(/^content-type:/gim) ?? []).length;

/**
 * HTML as the player's mail program shows it, as plain lines: blocks and <br> end lines, nothing is
 * wrapped (a #TALLYHO line must stay whole), images and link targets are left out, a <blockquote>
 * becomes `>` lines as a quoted reply is.
 */
function htmlText(html: string, shape: HtmlShape): string {
  // As a browser draws them: an empty block holding only a <br> (Gmail's and Apple Mail's blank
  // line, <div><br></div>) is one empty line, and a <br> that ends a block adds none, so the line
  // numbers of the text are the ones the player sees in his mail (html-to-text gives one more
  // line for each). The empty block keeps its line with a zero-width space, taken out after.
  // The attributes are read up to the next '<' or '>' (never past a tag's end): each character is
  // looked at by one try at most, so an unclosed `<div a="` repeated over a line costs no more than
  // the line (docs/architecture.md "Bounded work per mail").
  const drawn = html
    .replace(/<(div|p)(\s[^<>]*)?>\s*<br\s*\/?>\s*<\/\1\s*>/gi, '<$1$2>\u200b</$1>')
    .replace(/<br\s*\/?>(\s*<\/(?:div|p|li|blockquote|td|th|h[1-6])\s*>)/gi, '$1');
  return convert(drawn, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      // Tables in columns while they are small: html-to-text lays a table out in a time that grows
      // with the square of its rows or columns; a larger one is read as blocks, a cell a line.
      { selector: 'table', format: shape.cells <= MAX_TABLE_CELLS ? 'dataTable' : 'block' },
    ],
  }).replace(/\u200b/g, '');
}

/** The deepest nesting of HTML elements converted to text (htmlShape). */
export const MAX_HTML_DEPTH = 1000;
/** The most table cells (td, th) in an HTML part whose tables are laid out in columns. */
export const MAX_TABLE_CELLS = 5000;

/** Elements that are never open (void) or that the next of their kind closes: not counted as nesting. */
const FLAT = new Set(
  'area base br col embed hr img input link meta param source track wbr p li td th tr dd dt option thead tbody tfoot'.split(
    ' ',
  ),
);

interface HtmlShape {
  /** How deep the elements nest, at most (an element left open counted as open). */
  depth: number;
  /** Table cells (td, th). */
  cells: number;
}

/**
 * The nesting depth and table cells of HTML, in one pass over its tags: each character is looked
 * at once (an attribute is read up to the next '<' or '>').
 */
export function htmlShape(html: string): HtmlShape {
  const tag = /<(\/?)([a-z][a-z0-9-]*)(?:\s[^<>]*)?>/gi;
  let depth = 0;
  let most = 0;
  let cells = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = (m[2] as string).toLowerCase();
    if (!m[1] && (name === 'td' || name === 'th')) cells++;
    if (FLAT.has(name) || m[0].endsWith('/>')) continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else most = Math.max(most, ++depth);
  }
  return { depth: most, cells };
}

const PARSE_OPTIONS = {
  skipImageLinks: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  maxHtmlLengthToParse: 2 * 1024 * 1024,
};

/**
 * Whether the mail is HTML alone (its own Content-Type text/html, no parts): mailparser would make
 * text of it with html-to-text's defaults, which is never read (htmlText makes the text read), so
 * it is told not to: the HTML is converted once, not twice.
 */
const htmlAlone = (raw: Buffer, end: number): boolean =>
  /^content-type:[ \t]*(?:\r?\n[ \t]+)?text\/html\b/im.test(raw.subarray(0, end).toString('latin1'));

export interface ReadOptions {
  /** The SMTP envelope sender when the mail came by SMTP ('' = null sender). */
  returnPath?: string | null;
  limits?: Partial<ReadLimits>;
  /**
   * The mail's size as its server gave it (IMAP RFC822.SIZE), when `raw` is only its header: a
   * mail over the limit is not fetched whole (src/shell/mail/imap-inbox.ts).
   */
  size?: number;
}

/**
 * A mail as the intake sees it. Never throws: a mail that trips the parser anywhere is an
 * unreadable mail (filed under Rejected, unanswered: its sender is not known for sure), never an
 * error that would stop the mails after it from being taken in.
 */
export async function readMail(raw: Buffer, options: ReadOptions = {}): Promise<IncomingMail> {
  try {
    return await readWhole(raw, options);
  } catch (e) {
    return {
      messageId: (
        /^message-id:[ \t]*(<[^<>\r\n]{1,400}>)/im.exec(raw.subarray(0, 64 * 1024).toString('latin1'))?.[1] ?? ''
      ).trim(),
      contentSha256: contentHash(raw),
      from: '',
      returnPath: options.returnPath ?? null,
      subject: '',
      headers: {},
      contentType: 'application/octet-stream',
      text: '',
      unreadable: `it could not be read as a mail message (${String((e as Error)?.message ?? e).slice(0, 120)})`,
      notes: [],
    };
  }
}

async function readWhole(raw: Buffer, options: ReadOptions): Promise<IncomingMail> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { end } = headerEnd(raw);
  let unreadable: string | null = null;
  const size = options.size ?? raw.length;
  if (size > limits.maxBytes)
    unreadable = `it is ${Math.ceil(size / 1024)} KiB long; the most a mail may be is ${Math.floor(limits.maxBytes / 1024)} KiB`;
  else if (end > limits.maxHeaderBytes)
    unreadable = `its header is ${Math.ceil(end / 1024)} KiB long; the most it may be is ${Math.floor(limits.maxHeaderBytes / 1024)} KiB`;
  else if (countParts(raw) > limits.maxParts) unreadable = `it has more than ${limits.maxParts} MIME parts`;
  // An unreadable mail is parsed for its header only (cut short), to know whom to tell.
  const source = unreadable
    ? Buffer.concat([raw.subarray(0, Math.min(end, limits.maxHeaderBytes)), Buffer.from('\r\n\r\n')])
    : raw;
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(source, {
      ...PARSE_OPTIONS,
      skipHtmlToText: htmlAlone(raw, Math.min(end, limits.maxHeaderBytes)),
    });
  } catch (e) {
    parsed = await simpleParser(Buffer.from('\r\n\r\n'), PARSE_OPTIONS);
    unreadable ??= `it is not a well-formed mail message (${(e as Error).message.slice(0, 120)})`;
  }
  const headers = headerMap(parsed);
  const contentType = (headers['content-type']?.[0] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  const notes: string[] = [];
  // The HTML is read whenever there is no plain-text part, or the one there is holds nothing.
  const plainPart = /^content-type:\s*text\/plain/im.test(raw.toString('latin1'));
  const useHtml =
    !unreadable &&
    typeof parsed.html === 'string' &&
    parsed.html.trim() !== '' &&
    (!plainPart || !(parsed.text ?? '').trim());
  // HTML nested deeper than MAX_HTML_DEPTH is not converted: the parser's work grows with the
  // square of the depth (and html-to-text's walk overflows the stack near 5,000).
  const shape = useHtml ? htmlShape(parsed.html as string) : null;
  if (shape && shape.depth > MAX_HTML_DEPTH) unreadable = `its HTML nests elements more than ${MAX_HTML_DEPTH} deep`;
  const text = unreadable ? '' : shape ? htmlText(parsed.html as string, shape) : (parsed.text ?? '');
  // Said only when it was so: the text came from the HTML, and there was some.
  if (useHtml && text.trim())
    notes.push(
      `your mail had no ${plainPart ? 'usable ' : ''}plain-text part; its HTML was converted to text to read the orders`,
    );
  const attachments =
    parsed.attachments?.filter(
      (a) => a.contentDisposition === 'attachment' || !String(a.contentType ?? '').startsWith('text/'),
    ) ?? [];
  if (!unreadable && attachments.length)
    notes.push(
      `${attachments.length} attachment${attachments.length === 1 ? ' was' : 's were'} ignored: orders are read from the text of the mail only`,
    );
  return {
    messageId: (parsed.messageId ?? '').trim().slice(0, 500),
    contentSha256: contentHash(raw),
    from: firstAddress(parsed.from),
    returnPath: options.returnPath !== undefined ? options.returnPath : returnPathOf(headers),
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim(),
    headers,
    contentType,
    text,
    unreadable,
    notes,
  };
}
