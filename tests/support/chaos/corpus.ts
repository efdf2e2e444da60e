/**
 * The hostile corpus: the fixtures of tests/fixtures/eml/ (tests/support/hostile.ts), the costly
 * mails of the mailbox-abuse findings (12,000 FIRE lines for one plane, 3,000 STATUS or MAP
 * commands in an envelope or bare, 200 envelopes in one mail, a 900 KB line, 5,000 recipients, 100
 * nested multiparts, a 700 KB attachment) and seeded mutations of them all (bytes flipped, cut
 * short), up to any number of mails. Every mail gets a Message-ID of its own, so none is filed as
 * one seen before: each one is handled in full.
 */
import { hostileCases } from '../hostile.ts';
import { random, type Seat } from './rig.ts';

export interface CorpusMail {
  kind: string;
  raw: Buffer;
}

const lines = (n: number, line: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => line(i)).join('\n');

function message(from: string, to: string, subject: string, body: string, headers: string[] = []): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...headers,
    '',
    body,
    '',
  ].join('\r\n');
}

/** The costly mails, in the order that makes each one count (the FIRE lines stored before the turn resolves). */
function heavy(red: Seat, blue: Seat, referee: string): { kind: string; text: string }[] {
  const env = (s: Seat, body: string) => `#TALLYHO ${s.game} ${s.player} "${s.secret}"\n${body}\n#END\n`;
  const nested = (depth: number, inner: string): string => {
    let body = `Content-Type: text/plain\r\n\r\n${inner}`;
    for (let d = depth; d > 0; d--)
      body = `Content-Type: multipart/mixed; boundary="b${d}"\r\n\r\n--b${d}\r\n${body}\r\n--b${d}--\r\n`;
    return body;
  };
  return [
    {
      kind: 'fire-12000',
      text: message(
        red.email,
        referee,
        'fire',
        env(
          red,
          `${red.plane}: 1 1 1 1 1 1\n${lines(12_000, (i) => `FIRE ${red.plane} FIXED AT G1 FROM ${(i % 12) + 1} WITHIN 4`)}`,
        ),
      ),
    },
    { kind: 'orders-resolving', text: message(blue.email, referee, 'orders', env(blue, `${blue.plane}: 1 1 1 1 1 1`)) },
    {
      kind: 'status-3000',
      text: message(
        red.email,
        referee,
        'status',
        env(
          red,
          lines(3000, () => 'STATUS'),
        ),
      ),
    },
    {
      kind: 'map-3000',
      text: message(
        red.email,
        referee,
        'map',
        env(
          red,
          lines(3000, () => 'MAP'),
        ),
      ),
    },
    {
      kind: 'bare-map-3000',
      text: message(
        red.email,
        referee,
        'map',
        lines(3000, () => 'MAP'),
      ),
    },
    {
      kind: 'envelopes-200',
      text: message(
        red.email,
        referee,
        'many',
        lines(200, () => env(red, `${red.plane}: 1 1 1 1 1 1`)),
      ),
    },
    {
      kind: 'line-900k',
      text: message(
        red.email,
        referee,
        'long line',
        `${env(red, `${red.plane}: 1 1 1 1 1 1`)}${'x'.repeat(900_000)}\n`,
      ),
    },
    {
      kind: 'recipients-5000',
      text: message(red.email, referee, 'to all', env(red, `${red.plane}: 1 1 1 1 1 1`), [
        `Cc: ${lines(5000, (i) => `r${i}@example.test`).replaceAll('\n', ',\r\n ')}`,
      ]),
    },
    {
      kind: 'nested-100',
      text: [
        `From: ${red.email}`,
        `To: ${referee}`,
        'Subject: nested',
        'MIME-Version: 1.0',
        nested(100, env(red, `${red.plane}: 1 1 1 1 1 1`)),
      ].join('\r\n'),
    },
    {
      kind: 'attachment-700k',
      text: [
        `From: ${red.email}`,
        `To: ${referee}`,
        'Subject: attached',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="att"',
        '',
        '--att',
        'Content-Type: text/plain',
        '',
        env(red, `${red.plane}: 1 1 1 1 1 1`),
        '--att',
        'Content-Type: application/octet-stream',
        'Content-Transfer-Encoding: base64',
        '',
        lines(700_000 / 76, () => 'QUJD'.repeat(19)),
        '--att--',
        '',
      ].join('\r\n'),
    },
  ];
}

/** A fresh Message-ID in place of the mail's own (or added where it has none). */
function unique(raw: Buffer, id: string): Buffer {
  const text = raw.toString('latin1').replace(/^Message-ID:[^\n]*\n/im, '');
  return Buffer.from(`Message-ID: <${id}>\r\n${text}`, 'latin1');
}

function mutate(raw: Buffer, rnd: () => number): Buffer {
  const out = Buffer.from(raw);
  const headerEnd = Math.max(0, out.indexOf('\n\n') >= 0 ? out.indexOf('\n\n') : out.indexOf('\r\n\r\n'));
  if (rnd() < 0.3) return out.subarray(0, headerEnd + Math.floor(rnd() * (out.length - headerEnd)));
  for (let k = 0; k < 1 + Math.floor(rnd() * 20); k++) {
    const at = headerEnd + Math.floor(rnd() * (out.length - headerEnd));
    if (at < out.length) out[at] = Math.floor(rnd() * 256);
  }
  return out;
}

/**
 * `n` mails: first each costly mail and each fixture once, then cycles of the costly mails (every
 * tenth mail) among mutated fixtures and mutated costly mails.
 */
export function* hostileCorpus(
  n: number,
  seats: { red: Seat; blue: Seat },
  referee: string,
  seed = 7,
  idPrefix = 'hostile',
): Generator<CorpusMail> {
  const rnd = random(seed);
  const costly = heavy(seats.red, seats.blue, referee).map((h) => ({ kind: h.kind, raw: Buffer.from(h.text, 'utf8') }));
  const swap = (b: Buffer) =>
    Buffer.from(
      b
        .toString('latin1')
        .replaceAll('red@example.test', seats.red.email)
        .replaceAll('blue@example.test', seats.blue.email)
        .replaceAll('referee@example.test', referee),
      'latin1',
    );
  const fixtures = hostileCases().map((c) => ({
    kind: c.file.replace(/\.eml$/, ''),
    raw: swap(c.raw(seats.red.secret)),
  }));
  const base = [...costly, ...fixtures];
  for (let i = 0; i < n; i++) {
    let pick: CorpusMail;
    if (i < base.length) pick = base[i]!;
    else if (i % 10 === 0) pick = costly[Math.floor(i / 10) % costly.length]!;
    else {
      const b = base[Math.floor(rnd() * base.length)]!;
      pick = { kind: `${b.kind}~mutated`, raw: mutate(b.raw, rnd) };
    }
    yield { kind: pick.kind, raw: unique(pick.raw, `${idPrefix}-${i + 1}@chaos.example.test`) };
  }
}
