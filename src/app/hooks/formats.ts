/**
 * A message put in a hook's format (docs/notifications.md "Formats"): the request the shell's
 * worker makes, each in the shape its service documents:
 * - discord: Discord's "Execute Webhook", POST {content, username, allowed_mentions} (content at
 *   most 2000 characters; no mention pings anyone);
 * - slack: Slack's incoming webhook, POST {text} in its mrkdwn (& < > escaped, links as <url|words>);
 * - matrix: a room's webhook (matrix-hookshot's generic hooks), POST {text, html, username};
 * - matrix-api: the client-server API, PUT .../send/m.room.message/<txnId> {msgtype m.notice,
 *   body, format, formatted_body} with the bot's token as a Bearer header; the txnId is the
 *   delivery's own, so a message sent again after a crash is taken once by the server;
 * - ntfy: ntfy's JSON publishing, POST to the server's root {topic, title, message, tags, click};
 * - json: Tallyho's own, POST the message as it is kept with its id (docs/notifications.md
 *   "The JSON format"), and an Idempotency-Key header that stays the same on every attempt.
 */
import { escapeHtml } from '../../report/escape.ts';
import type { HookFormat, HookMessage } from '../ports/club.ts';

export interface HookRequest {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The version of the JSON format (its `version` field). */
export const JSON_FORMAT_VERSION = 1;

const DISCORD_MAX = 2000;

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);

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

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The request of a matrix-api hook: PUT to the room with the URL's access token as a Bearer header. */
function matrixApiRequest(url: string, id: number, m: HookMessage): HookRequest {
  const u = new URL(url);
  const token = u.searchParams.get('access_token') ?? '';
  u.searchParams.delete('access_token');
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/tallyho-${id}`;
  return {
    method: 'PUT',
    url: u.toString(),
    headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      msgtype: 'm.notice',
      body: plainText(m),
      format: 'org.matrix.custom.html',
      formatted_body: html(m),
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
      title: m.title,
      message: m.text,
      tags: ['airplane'],
      ...(m.url ? { click: m.url } : {}),
    }),
  };
}

/** The request that delivers message `m` (delivery `id`) to a hook. */
export function hookRequest(hook: { format: HookFormat; url: string }, id: number, m: HookMessage): HookRequest {
  switch (hook.format) {
    case 'discord': {
      const link = m.url ? `\n<${m.url}>` : '';
      const content = `**${escapeDiscord(m.title)}**\n${cut(escapeDiscord(m.text), DISCORD_MAX - 200)}${link}`;
      return {
        method: 'POST',
        url: hook.url,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          content: cut(content, DISCORD_MAX),
          username: 'Tallyho',
          allowed_mentions: { parse: [] },
        }),
      };
    }
    case 'slack': {
      const link = m.url ? `\n<${m.url}|${m.turn !== null ? `turn ${m.turn} in the archive` : 'the game'}>` : '';
      return {
        method: 'POST',
        url: hook.url,
        headers: JSON_HEADERS,
        body: JSON.stringify({ text: `*${escapeSlack(m.title)}*\n${escapeSlack(m.text)}${link}` }),
      };
    }
    case 'matrix':
      return {
        method: 'POST',
        url: hook.url,
        headers: JSON_HEADERS,
        body: JSON.stringify({ text: plainText(m), html: html(m), username: 'Tallyho' }),
      };
    case 'matrix-api':
      return matrixApiRequest(hook.url, id, m);
    case 'ntfy':
      return ntfyRequest(hook.url, m);
    case 'json':
      return {
        method: 'POST',
        url: hook.url,
        headers: { ...JSON_HEADERS, 'idempotency-key': `tallyho-${id}` },
        body: JSON.stringify({
          version: JSON_FORMAT_VERSION,
          id,
          ...m,
          deadline: m.deadline === null ? null : new Date(m.deadline).toISOString(),
        }),
      };
  }
}
