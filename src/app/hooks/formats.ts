/**
 * A message put in a hook's format (docs/notifications.md "Formats"): the request the shell's
 * worker makes, each in the shape its service documents and within its documented limits (LIMITS;
 * the words cut by fit.ts, the title's bold and the archive link always whole):
 * - discord: Discord's "Execute Webhook", POST {content, username, allowed_mentions} (content at
 *   most 2000 characters; no mention pings anyone); a deadline also as `<t:unix:F>`, which Discord
 *   shows in each reader's own zone;
 * - slack: Slack's incoming webhook, POST {text} in its mrkdwn (& < > escaped, links as <url|words>);
 * - matrix: a room's webhook (matrix-hookshot's generic hooks), POST {text, html, username};
 * - matrix-api: the client-server API, PUT .../rooms/<room id, percent-encoded>/send/m.room.message/<txnId>
 *   {msgtype m.notice, body, format, formatted_body} with the bot's token as a Bearer header; the
 *   txnId is the installation's id and the delivery's, so a message sent again after a crash is
 *   taken once by the server, and no other installation (nor this one made anew) reuses it;
 * - ntfy: ntfy's JSON publishing, POST to the server's root {topic, title, message, priority, tags, click};
 * - json: Tallyho's own, POST the message as it is kept with its id (docs/notifications.md
 *   "The JSON format"), and an Idempotency-Key header that stays the same on every attempt.
 */
import { escapeHtml } from '../../report/escape.ts';
import type { HookEvent, HookFormat, HookMessage } from '../ports/club.ts';
import { bytes, fitText, type Measure, units } from './fit.ts';

export interface HookRequest {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The version of the JSON format (its `version` field). */
export const JSON_FORMAT_VERSION = 1;

/**
 * The documented limits each format is kept within (docs/notifications.md "Limits"). A title, one
 * line, is cut at 256 characters in every format (Discord's limit for an embed's title).
 */
export const LIMITS = {
  title: 256,
  /** Discord's Execute Webhook: `content` at most 2000 characters. */
  discordContent: 2000,
  /** Slack: `text` within the 4,000 characters Slack recommends (it cuts a message at 40,000). */
  slackText: 4000,
  /**
   * Matrix: an event at most 65,536 bytes; the words at most 16,000 bytes even as HTML, so that
   * `body` and `formatted_body` together stay well within it (the hookshot's `text` and `html` too).
   */
  matrixWordsBytes: 16_000,
  /** ntfy: a message at most 4,096 bytes (the server's message-size-limit; more becomes an attachment). */
  ntfyMessageBytes: 4096,
} as const;

/** ntfy's priority by event (1 min to 5 max, 3 its default): a reminder and a moved deadline high. */
export const NTFY_PRIORITY: Readonly<Record<HookEvent, 3 | 4>> = {
  welcome: 3,
  turn: 3,
  reminder: 4,
  deadline: 4,
  held: 3,
  report: 3,
  over: 3,
  test: 3,
};

/** A delivery as its request names it: its row's id, and the installation's id (shell/keys.ts). */
export interface DeliveryKey {
  id: number;
  installation: string;
}

/** The id a receiver may take a message once by: the same on every attempt, never another installation's. */
export const deliveryTag = (key: DeliveryKey): string => `tallyho-${key.installation}-${key.id}`;

/** Slack's own rule for mrkdwn text (its docs: & < > as &amp; &lt; &gt;, nothing else): not HTML. */
const escapeSlack = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Discord's markdown: the message's words are never read as formatting or mentions. */
const escapeDiscord = (s: string): string => s.replace(/([\\*_~`|>#@[\]()-])/g, '\\$1');

/** The message as plain text: title, words, link. */
export function plainText(m: HookMessage): string {
  return [m.title, m.text, m.url ?? ''].filter(Boolean).join('\n');
}

function html(m: HookMessage): string {
  const link = m.url ? `<br><a href="${escapeHtml(m.url)}">${escapeHtml(m.url)}</a>` : '';
  return `<b>${escapeHtml(m.title)}</b><br>${escapeHtml(m.text).replace(/\n/g, '<br>')}${link}`;
}

/**
 * The words between a heading and a link that are kept whole: as much of `text` as `max` leaves.
 * A link so long that hardly any words would fit is left out rather than cut (a cut link leads nowhere).
 */
function between(head: string, text: string, tail: string, link: string, max: number, escape: (s: string) => string) {
  const keep = units(head + tail + link) <= max - 100 ? link : '';
  return `${head}${fitText(text, max - units(head + tail + keep), escape)}${tail}${keep}`;
}

/** Discord's timestamp markup: shown in each reader's own zone and language, and how long from now. */
export const discordTime = (ms: number): string => {
  const unix = Math.floor(ms / 1000);
  return `<t:${unix}:F> (<t:${unix}:R>)`;
};

function discordContent(m: HookMessage): string {
  const head = `**${fitText(m.title, LIMITS.title, escapeDiscord)}**\n`;
  const due = m.deadline === null ? '' : `\nDue ${discordTime(m.deadline)}`;
  return between(head, m.text, due, m.url ? `\n<${m.url}>` : '', LIMITS.discordContent, escapeDiscord);
}

function slackText(m: HookMessage): string {
  const head = `*${fitText(m.title, LIMITS.title, escapeSlack)}*\n`;
  const link = m.url ? `\n<${m.url}|${m.turn !== null ? `turn ${m.turn} in the archive` : 'the game'}>` : '';
  return between(head, m.text, '', link, LIMITS.slackText, escapeSlack);
}

/** The bytes of words as Matrix's HTML shows them: never fewer than as plain text. */
const htmlBytes: Measure = (s) => bytes(escapeHtml(s).replace(/\n/g, '<br>'));

/** The message with its title and words cut to Matrix's limits, for both its plain and HTML forms. */
const matrixFitted = (m: HookMessage): HookMessage => ({
  ...m,
  title: fitText(m.title, LIMITS.title),
  text: fitText(m.text, LIMITS.matrixWordsBytes, (s) => s, htmlBytes),
});

/** RFC 3986's unreserved characters only: encodeURIComponent leaves ! ' ( ) * ~ as they are. */
const pathSegment = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * The request of a matrix-api hook: PUT to the room (its id percent-encoded, as the spec asks of a
 * path's parameters: `!room:server` is `%21room%3Aserver`) with the URL's access token as a Bearer header.
 */
function matrixApiRequest(url: string, key: DeliveryKey, m: HookMessage): HookRequest {
  const u = new URL(url);
  const token = u.searchParams.get('access_token') ?? '';
  u.searchParams.delete('access_token');
  // .../rooms/<room>/send/m.room.message (address.ts formatOf): the room is the third segment from the end.
  const parts = u.pathname.replace(/\/+$/, '').split('/');
  const room = parts.length - 3;
  if (parts[room - 1] === 'rooms') parts[room] = pathSegment(decoded(parts[room]!));
  u.pathname = [...parts, pathSegment(deliveryTag(key))].join('/');
  const f = matrixFitted(m);
  return {
    method: 'PUT',
    url: u.toString(),
    headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      msgtype: 'm.notice',
      body: plainText(f),
      format: 'org.matrix.custom.html',
      formatted_body: html(f),
    }),
  };
}

/** The request of an ntfy hook: POST to the server's root, the URL's last segment as the topic. */
function ntfyRequest(url: string, m: HookMessage): HookRequest {
  const u = new URL(url);
  const segments = u.pathname.split('/').filter(Boolean);
  const topic = segments.pop() ?? '';
  u.pathname = `/${segments.join('/')}`;
  return {
    method: 'POST',
    url: u.toString(),
    headers: JSON_HEADERS,
    body: JSON.stringify({
      topic,
      title: fitText(m.title, LIMITS.title),
      message: fitText(m.text, LIMITS.ntfyMessageBytes, (s) => s, bytes),
      priority: NTFY_PRIORITY[m.event],
      tags: ['airplane'],
      ...(m.url ? { click: m.url } : {}),
    }),
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = JSON_HEADERS): HookRequest => ({
  method: 'POST',
  url,
  headers,
  body: JSON.stringify(body),
});

/** The request that delivers message `m` (delivery `key`) to a hook. */
export function hookRequest(hook: { format: HookFormat; url: string }, key: DeliveryKey, m: HookMessage): HookRequest {
  switch (hook.format) {
    case 'discord':
      return post(hook.url, { content: discordContent(m), username: 'Tallyho', allowed_mentions: { parse: [] } });
    case 'slack':
      return post(hook.url, { text: slackText(m) });
    case 'matrix': {
      const f = matrixFitted(m);
      return post(hook.url, { text: plainText(f), html: html(f), username: 'Tallyho' });
    }
    case 'matrix-api':
      return matrixApiRequest(hook.url, key, m);
    case 'ntfy':
      return ntfyRequest(hook.url, m);
    case 'json':
      return post(
        hook.url,
        {
          version: JSON_FORMAT_VERSION,
          id: key.id,
          ...m,
          deadline: m.deadline === null ? null : new Date(m.deadline).toISOString(),
        },
        { ...JSON_HEADERS, 'idempotency-key': deliveryTag(key) },
      );
  }
}
