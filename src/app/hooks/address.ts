/**
 * A webhook's address (docs/notifications.md "Addresses"): checked before it is kept, its format
 * told from it (or named), and shown masked, since the address is its owner's secret (whoever has
 * a Discord or Slack hook's address may post to the room).
 * Only https is taken; http only to this machine (127.0.0.1, localhost, [::1]) for local mode and
 * tests. No user name or password in the address, no address of a private network or any other
 * special-purpose range (ip.ts, the same check the shell's worker makes on every address a name
 * resolves to before each call), no redirects followed when it is called.
 */
import type { HookFormat } from '../ports/club.ts';
import { ownLoopback, specialAddress } from './ip.ts';
import type { Command } from '../../orders/index.ts';

/** The longest address taken (a Matrix send URL with its access token fits well within it). */
export const MAX_HOOK_URL = 500;

/** The formats a player or game master may name before the address. */
export const NAMED_FORMATS: Readonly<Record<string, HookFormat>> = {
  discord: 'discord',
  slack: 'slack',
  matrix: 'matrix',
  ntfy: 'ntfy',
  json: 'json',
};

/** This machine, the only host called over http (local mode and tests): its loopback IP or its name. */
const isLoopbackHost = (host: string): boolean => host === 'localhost' || ownLoopback(host);

/** A name of a private network (mDNS, internal zones): never called over https either. */
const privateName = (host: string): boolean =>
  host === 'localhost' || host.endsWith('.local') || host.endsWith('.internal') || host.endsWith('.localhost');

export type HookAddress = { ok: true; format: HookFormat; url: string } | { ok: false; error: string };

/** The format an address is written for, told from its host and path. */
export function formatOf(url: URL): HookFormat {
  const host = url.hostname.toLowerCase();
  if (/(^|\.)discord(app)?\.com$/.test(host) && url.pathname.startsWith('/api/webhooks/')) return 'discord';
  if (host === 'hooks.slack.com') return 'slack';
  if (/\/_matrix\/client\/[^/]+\/rooms\/[^/]+\/send\/m\.room\.message\/?$/.test(url.pathname)) return 'matrix-api';
  if (host === 'ntfy.sh') return 'ntfy';
  return 'json';
}

/**
 * Reads NOTIFY's words: `<url>` or `<format> <url>`. A mail client that turns a link into
 * `url <url>` or `url [url]` (HTML mail read as text) gives the address twice: taken once.
 */
export function readHookAddress(words: readonly string[]): HookAddress {
  const parts = words.map((w) => w.replace(/^[<[(]+|[>\])]+$/g, ''));
  const named =
    parts.length > 1 && NAMED_FORMATS[parts[0]!.toLowerCase()] ? NAMED_FORMATS[parts[0]!.toLowerCase()]! : null;
  const rest = named ? parts.slice(1) : parts;
  if (rest.length === 2 && rest[0] === rest[1]) rest.pop();
  if (rest.length !== 1) {
    return {
      ok: false,
      error:
        parts.length > 1 && !named && !/^https?:/i.test(parts[0]!)
          ? `'${words[0]}' is not a format: write discord, slack, matrix, ntfy or json before the address, or the address alone`
          : 'give one address: NOTIFY <address>, or NOTIFY <format> <address>',
    };
  }
  return checkHookAddress(rest[0]!, named);
}

export function checkHookAddress(text: string, named: HookFormat | null = null): HookAddress {
  if (text.length > MAX_HOOK_URL)
    return { ok: false, error: `that address is ${text.length} characters long; the most taken is ${MAX_HOOK_URL}` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      error: `'${text.length > 60 ? `${text.slice(0, 60)}...` : text}' is not a web address: it should start with https://`,
    };
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' && !isLoopbackHost(host))
    return {
      ok: false,
      error: `only https addresses are called (http only on this machine, 127.0.0.1): give the service's https address (https://${url.host}${url.pathname}, if it has one); nothing was changed`,
    };
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, error: `only https addresses are called, not ${url.protocol.replace(':', '')}:` };
  if (url.username || url.password)
    return {
      ok: false,
      error:
        'an address with a user name or password in it is not taken (a Matrix access token goes in ?access_token=, an ntfy one in ?auth=)',
    };
  // An IP in the address is checked here; a name, on every address it resolves to before each call (ip.ts).
  if (url.protocol === 'https:' && (specialAddress(host) || privateName(host))) {
    return {
      ok: false,
      error: `${host} is an address of a private network: the referee calls only addresses on the internet (and http://127.0.0.1 on its own machine)`,
    };
  }
  url.hash = '';
  const told = formatOf(url);
  const format: HookFormat = named === 'matrix' && told === 'matrix-api' ? 'matrix-api' : (named ?? told);
  if (format === 'matrix-api' && !url.searchParams.get('access_token')) {
    return {
      ok: false,
      error:
        "a Matrix send address needs the bot's access token: .../rooms/<room>/send/m.room.message?access_token=<token>",
    };
  }
  if (format === 'ntfy' && url.pathname.split('/').filter(Boolean).length === 0)
    return { ok: false, error: 'an ntfy address names its topic: https://ntfy.sh/<topic>' };
  return { ok: true, format, url: url.toString() };
}

/** The first words of a path that tell a service's kind of address and nothing secret. */
const PLAIN_PATHS = new Set(['api', 'services', '_matrix', 'webhook', 'webhooks', 'hooks']);

/** NOTIFY's words with each web address masked (maskedAddress), a link written twice by HTML mail ("<https://...>") too. */
function maskedNotifyWords(words: readonly string[]): string[] {
  return words.map((w) => {
    const bare = w.replace(/^<(.*)>$/, '$1');
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(bare) ? (bare === w ? maskedAddress(bare) : `<${maskedAddress(bare)}>`) : w;
  });
}

/**
 * A command as shown back (an acknowledgement, an answer, the orders kept and exported): a
 * player's NOTIFY and a game master's SET NOTIFY with the address masked; any other as it is.
 */
export function maskedCommand(c: Command): Command {
  if (c.name === 'NOTIFY') return { ...c, args: maskedNotifyWords(c.args) };
  // SET's words come as one argument: "NOTIFY <format> <address>".
  const words = c.name === 'SET' ? c.args.join(' ').split(/\s+/).filter(Boolean) : [];
  if ((words[0] ?? '').toUpperCase() !== 'NOTIFY') return c;
  return { ...c, args: [[words[0] as string, ...maskedNotifyWords(words.slice(1))].join(' ')] };
}

/**
 * The address as shown in mail and on the GM's status: the host, and the start of the path when it
 * is a service's plain word (api, services, _matrix), the rest (its secret: a token, an ntfy
 * topic) left out.
 */
export function maskedAddress(url: string): string {
  try {
    const u = new URL(url);
    const first = u.pathname.split('/').filter(Boolean)[0];
    return `${u.protocol}//${u.host}/${first && PLAIN_PATHS.has(first) ? `${first}/` : ''}...`;
  } catch {
    return '(an address that cannot be read)';
  }
}

/** The format in words, for mail. */
export const FORMAT_WORDS: Readonly<Record<HookFormat, string>> = {
  discord: 'a Discord webhook',
  slack: 'a Slack incoming webhook',
  matrix: "a Matrix room's webhook",
  'matrix-api': "a Matrix room (the client-server API, with a bot's token)",
  ntfy: 'an ntfy topic',
  json: 'a plain JSON POST',
};
