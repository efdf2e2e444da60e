/**
 * Each hook format's request (src/app/hooks/formats.ts, fit.ts): the shape its service documents,
 * and every payload within the service's documented limits (docs/notifications.md "Limits"),
 * however long the title or the words and whatever they hold: cut between graphemes (never a lone
 * surrogate), no escape or markup left open, the archive link whole; ntfy's priority by event,
 * Discord's timestamps, Matrix's transaction ids and room ids.
 */
import { describe, expect, it } from 'vitest';
import { fitText, loneSurrogate, units } from '../../../src/app/hooks/fit.ts';
import { deliveryTag, hookRequest, LIMITS, NTFY_PRIORITY } from '../../../src/app/hooks/formats.ts';
import type { HookEvent, HookMessage } from '../../../src/app/ports/club.ts';

const KEY = { id: 7, installation: '0123456789abcdef' };
const URL_ = 'https://tallyho.example/games/duel';
const DISCORD = { format: 'discord' as const, url: 'https://discord.com/api/webhooks/1/x' };
const SLACK = { format: 'slack' as const, url: 'https://hooks.slack.com/services/T/B/x' };
const HOOKSHOT = { format: 'matrix' as const, url: 'https://hookshot.example.org/webhook/a' };
const MATRIX = {
  format: 'matrix-api' as const,
  url: 'https://m.example.org/_matrix/client/v3/rooms/!r:m.example.org/send/m.room.message?access_token=tok',
};
const NTFY = { format: 'ntfy' as const, url: 'https://ntfy.example.org/base/club-duel' };

const message = (over: Partial<HookMessage> = {}): HookMessage => ({
  event: 'turn',
  game: 'duel',
  gameName: 'Duel <over> & the "Channel"',
  turn: 4,
  player: 'red',
  title: '[duel] Turn 4 is open',
  text: 'Orders are due Sat 10 Jan 20:00 UTC. @everyone <b>',
  deadline: Date.UTC(2026, 0, 10, 20),
  zone: 'UTC',
  url: URL_,
  ...over,
});
const body = (r: { body: string }) => JSON.parse(r.body) as Record<string, unknown>;
const str = (v: unknown): string => v as string;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const graphemes = (s: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

/** Words that make a cut hard: emoji of two code units, flags of four, ZWJ families, accents, markup. */
const HARD = ['x', '🛩️', '🇬🇧', '👨‍👩‍👧', 'é', '*_@`', '<&>', '"\\', '#[x](y)'];
/** Titles and words of every length around the limits, each made of one of HARD, offset by 0 to 3 letters. */
function hardMessages(): HookMessage[] {
  const out: HookMessage[] = [message(), message({ url: null, deadline: null })];
  for (const piece of HARD)
    for (const offset of [0, 1, 2, 3])
      for (const [t, w] of [
        [300, 10],
        [10, 5000],
        [3000, 3000],
      ] as const) {
        const fill = (n: number) => 'a'.repeat(offset) + piece.repeat(Math.ceil(n / piece.length));
        out.push(message({ title: fill(t), text: fill(w) }));
      }
  return out;
}

/** `cut` (escapes undone by `unescape`, '...' taken off) is `whole` up to a grapheme boundary. */
function cutAtGrapheme(cut: string, whole: string, unescape: (s: string) => string = (s) => s): void {
  if (cut === whole || unescape(cut) === whole) return;
  expect(cut.endsWith('...')).toBe(true);
  const kept = unescape(cut.slice(0, -3));
  expect(whole.startsWith(kept)).toBe(true);
  expect(boundaries(whole).has(kept.length), `${kept.length} in ${whole.slice(0, 20)}`).toBe(true);
}

/** The offsets (UTF-16) between the graphemes of `s`. */
function boundaries(s: string): Set<number> {
  const at = new Set([0]);
  let n = 0;
  for (const g of graphemes(s)) at.add((n += g.length));
  return at;
}

const DISCORD_MARK = /[\\*_~`|>#@[\]()-]/;
const undoDiscord = (s: string) => s.replace(/\\(.)/gsu, '$1');

describe('discord', () => {
  it('keeps content within 2000 characters, the title bold and closed, every mark escaped, the link whole', () => {
    for (const m of hardMessages()) {
      const content = str(body(hookRequest(DISCORD, KEY, m)).content);
      expect(units(content)).toBeLessThanOrEqual(LIMITS.discordContent);
      expect(loneSurrogate(content)).toBe(false);
      const due = m.deadline === null ? '' : `\nDue <t:${m.deadline / 1000}:F> \\(<t:${m.deadline / 1000}:R>\\)`;
      const link = m.url ? `\n<${m.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}>` : '';
      const re = new RegExp(`^\\*\\*((?:\\\\.|[^\\\\*])*)\\*\\*\\n([\\s\\S]*)${due}${link}$`, 'u');
      const parts = re.exec(content);
      expect(parts, content.slice(0, 80)).not.toBeNull();
      for (const [escaped, whole] of [
        [parts![1]!, m.title],
        [parts![2]!, m.text],
      ] as const) {
        // Every mark of Discord's markdown escaped, and every backslash an escape: none left open by a cut.
        expect(escaped.replace(/\\./gsu, '')).not.toMatch(DISCORD_MARK);
        cutAtGrapheme(escaped, whole, undoDiscord);
      }
      expect(units(undoDiscord(parts![1]!))).toBeLessThanOrEqual(LIMITS.title);
    }
  });

  it('writes a deadline as <t:unix:F> beside the words, for each reader in his own zone; a username, no pings', () => {
    const b = body(hookRequest(DISCORD, KEY, message()));
    expect(b).toMatchObject({ username: 'Tallyho', allowed_mentions: { parse: [] } });
    expect(b.content).toBe(
      '**\\[duel\\] Turn 4 is open**\nOrders are due Sat 10 Jan 20:00 UTC. \\@everyone <b\\>\nDue <t:1768075200:F> (<t:1768075200:R>)\n<https://tallyho.example/games/duel>',
    );
    expect(str(body(hookRequest(DISCORD, KEY, message({ deadline: null }))).content)).not.toContain('<t:');
  });

  it('keeps the link with a title of any length', () => {
    const b = body(hookRequest(DISCORD, KEY, message({ title: '[duel] '.repeat(2000), text: 'y'.repeat(5000) })));
    expect(str(b.content).endsWith(`\n<${URL_}>`)).toBe(true);
    expect(str(b.content)).toMatch(/^\*\*(\\\[duel\\\] )+\.\.\.\*\*\n/);
  });
});

describe('slack', () => {
  it('keeps text within 4000 characters, mrkdwn escaped whole, the title bold and closed, the link whole', () => {
    for (const m of hardMessages()) {
      const text = str(body(hookRequest(SLACK, KEY, m)).text);
      expect(units(text)).toBeLessThanOrEqual(LIMITS.slackText);
      expect(loneSurrogate(text)).toBe(false);
      expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
      const link = m.url ? `\n<${m.url}|turn 4 in the archive>` : '';
      expect(text.endsWith(link)).toBe(true);
      const [head, ...rest] = text.slice(0, text.length - link.length).split('\n');
      expect(head).toMatch(/^\*[^*\n]*\*$|^\*.*\*$/s);
      const undo = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      cutAtGrapheme(head!.slice(1, -1), m.title, undo);
      cutAtGrapheme(rest.join('\n'), m.text, undo);
    }
    const b = body(hookRequest(SLACK, KEY, message()));
    expect(Object.keys(b)).toEqual(['text']);
    expect(b.text).toContain('&lt;b&gt;');
    expect(b.text).toContain(`<${URL_}|turn 4 in the archive>`);
  });
});

describe('matrix', () => {
  it("keeps the room's hook and the API's event within 65,536 bytes, the HTML's tags closed and entities whole", () => {
    for (const m of hardMessages())
      for (const hook of [HOOKSHOT, MATRIX]) {
        const r = hookRequest(hook, KEY, m);
        expect(bytes(r.body)).toBeLessThan(65_536 - 1000);
        const b = body(r);
        const [plain, html] = hook === HOOKSHOT ? [str(b.text), str(b.html)] : [str(b.body), str(b.formatted_body)];
        expect(loneSurrogate(plain) || loneSurrogate(html)).toBe(false);
        const bare = html.replace(/<b>|<\/b>|<br>|<a href="[^"<>]*">|<\/a>/g, '');
        expect(bare).not.toMatch(/[<>]/);
        expect(bare).not.toMatch(/&(?!#\d+;|[a-z]+;)/);
        expect(html.startsWith('<b>')).toBe(true);
        expect(html.indexOf('</b>')).toBeGreaterThan(0);
        if (m.url) expect(plain.endsWith(`\n${m.url}`) && html.endsWith(`<a href="${m.url}">${m.url}</a>`)).toBe(true);
        const [title, ...words] = plain.split('\n');
        cutAtGrapheme(title!, m.title);
        cutAtGrapheme(words.slice(0, m.url ? -1 : undefined).join('\n'), m.text);
      }
    const hook = body(hookRequest(HOOKSHOT, KEY, message()));
    expect(hook).toMatchObject({ username: 'Tallyho' });
    expect(hook.html).toContain('&#60;b&#62;');
    expect(hook.html).toContain('<b>[duel] Turn 4 is open</b>');
  });

  it('PUTs to the room with its id percent-encoded and a transaction id of the installation and the message, the token as a header', () => {
    const api = hookRequest(MATRIX, KEY, message());
    expect(api.method).toBe('PUT');
    expect(api.url).toBe(
      'https://m.example.org/_matrix/client/v3/rooms/%21r%3Am.example.org/send/m.room.message/tallyho-0123456789abcdef-7',
    );
    expect(api.headers.authorization).toBe('Bearer tok');
    expect(body(api)).toMatchObject({ msgtype: 'm.notice', format: 'org.matrix.custom.html' });
    // A room id written encoded already is not encoded twice.
    const encoded = { ...MATRIX, url: MATRIX.url.replace('!r:m.example.org', '%21r%3Am.example.org') };
    expect(hookRequest(encoded, KEY, message()).url).toBe(api.url);
    // The same message is the same transaction on every attempt; another installation's message 7 is not.
    expect(hookRequest(MATRIX, KEY, message()).url).toBe(api.url);
    expect(hookRequest(MATRIX, { id: 7, installation: 'fedcba9876543210' }, message()).url).not.toBe(api.url);
    expect(deliveryTag(KEY)).toBe('tallyho-0123456789abcdef-7');
  });
});

describe('ntfy', () => {
  it("publishes JSON to the server's root: title and message within ntfy's limits, the link as click", () => {
    for (const m of hardMessages()) {
      const b = body(hookRequest(NTFY, KEY, m));
      expect(units(str(b.title))).toBeLessThanOrEqual(LIMITS.title);
      expect(bytes(str(b.message))).toBeLessThanOrEqual(LIMITS.ntfyMessageBytes);
      expect(loneSurrogate(str(b.title)) || loneSurrogate(str(b.message))).toBe(false);
      cutAtGrapheme(str(b.title), m.title);
      cutAtGrapheme(str(b.message), m.text);
      expect(b.click).toBe(m.url ?? undefined);
    }
    const r = hookRequest(NTFY, KEY, message());
    expect(r.url).toBe('https://ntfy.example.org/base');
    expect(body(r)).toMatchObject({ topic: 'club-duel', title: '[duel] Turn 4 is open', click: URL_ });
  });

  it('sets the priority by event: a reminder and a moved deadline high (4), a report and the rest the default (3)', () => {
    const events: HookEvent[] = ['welcome', 'turn', 'reminder', 'deadline', 'held', 'report', 'over', 'test'];
    const got = Object.fromEntries(
      events.map((event) => [event, body(hookRequest(NTFY, KEY, message({ event }))).priority]),
    );
    expect(got).toEqual({ welcome: 3, turn: 3, reminder: 4, deadline: 4, held: 3, report: 3, over: 3, test: 3 });
    expect(NTFY_PRIORITY).toEqual(got);
  });
});

describe('json', () => {
  it('posts the message as kept, its id, an ISO deadline and an Idempotency-Key of the installation and the message', () => {
    const r = hookRequest({ format: 'json', url: 'https://club.example.org/h' }, KEY, message());
    expect(r.headers['idempotency-key']).toBe('tallyho-0123456789abcdef-7');
    expect(body(r)).toMatchObject({
      version: 1,
      id: 7,
      event: 'turn',
      game: 'duel',
      turn: 4,
      player: 'red',
      deadline: '2026-01-10T20:00:00.000Z',
    });
  });
});

describe('fitText', () => {
  it('cuts between graphemes at every length, never leaving a lone surrogate', () => {
    const text = 'ab🛩️c🇬🇧é👨‍👩‍👧d'.repeat(3);
    for (let max = 3; max <= text.length + 1; max++) {
      const cut = fitText(text, max);
      expect(units(cut)).toBeLessThanOrEqual(max);
      expect(loneSurrogate(cut)).toBe(false);
      cutAtGrapheme(cut, text);
    }
    expect(fitText(text, text.length)).toBe(text);
    expect(fitText('abcdef', 2)).toBe('');
    // Escaped a grapheme at a time: never half an escape.
    expect(fitText('****', 6, (s) => s.replace(/\*/g, '\\*'))).toBe('\\*...');
    expect(
      fitText(
        'é'.repeat(10),
        8,
        (s) => s,
        (s) => Buffer.byteLength(s),
      ),
    ).toBe('éé...');
  });
});
