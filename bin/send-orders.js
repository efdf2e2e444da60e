#!/usr/bin/env node
// Sends an orders file to a Tallyho referee by SMTP, as a player's mail client would. Made for
// local mode (docs/local-mode.md), where the referee listens on 127.0.0.1:2525:
//
//   node bin/send-orders.js <file> [--from <address>] [--subject <text>] [--to <address>] [--host <host>] [--port <port>]
//
// The file is sent as the body of a plain-text mail (`-` reads standard input). Without --from the
// sender is <player>@localhost, the player taken from the file's first #TALLYHO line (the demo
// players' addresses). Without --port the port is the referee's: LOCAL_SMTP_PORT as every tallyho
// command reads it (the environment, then the .env, docs/gm-guide.md), else 2525.
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { importProgram } from './compiled.js';

const USAGE = `usage: node bin/send-orders.js <file> [--from <address>] [--subject <text>] [--to <address>] [--host <host>] [--port <port>]
  <file>   the mail body to send (- reads standard input), e.g. a saved welcome or report
           with its ready-to-send orders edited; docs/local-mode.md tells more
  --subject  the mail's subject (default "Orders for <game>"), e.g. "Re: [demo] Turn 1 report"
           for a one-line command such as STATUS or ROSTER sent without an envelope`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const opts = { from: '', subject: '', to: 'referee@localhost', host: '127.0.0.1', port: '' };
let file = '';
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const key = a.startsWith('--') ? a.slice(2) : '';
  if (key in opts && args[i + 1] !== undefined) opts[key] = args[++i];
  else if (!file && (a === '-' || !a.startsWith('-'))) file = a;
  else {
    console.error(`send-orders: unexpected argument ${a}\n${USAGE}`);
    process.exit(2);
  }
}
if (!file) {
  console.error(USAGE);
  process.exit(2);
}
if (!opts.port) {
  try {
    const { loadConfig } = await importProgram('shell/config');
    opts.port = String(loadConfig().localSmtpPort);
  } catch (e) {
    console.error(`send-orders: ${e.message}${(e.details ?? []).map((d) => `\n  ${d}`).join('')}`);
    process.exit(2);
  }
  if (opts.port === '0') {
    console.error(
      'send-orders: LOCAL_SMTP_PORT is 0 (the referee took any free port): give --port <the port serve printed>',
    );
    process.exit(2);
  }
}
const text = readFileSync(file === '-' ? 0 : file, 'utf8');
const header = /^\s*#\s*TALLYHO\s+(\S+)\s+(\S+)/im.exec(text);
const from = opts.from || (header ? `${header[2].toLowerCase()}@localhost` : '');
if (!from) {
  console.error('send-orders: the file has no #TALLYHO line to take the player from; give --from <address>');
  process.exit(2);
}
const transport = nodemailer.createTransport({
  host: opts.host,
  port: Number(opts.port),
  secure: false,
  ignoreTLS: true,
});
try {
  const info = await transport.sendMail({
    from,
    to: opts.to,
    subject: opts.subject || (header ? `Orders for ${header[1]}` : 'Orders'),
    text,
  });
  console.log(`sent ${info.messageId} from ${from} to ${opts.to}: ${info.response}`);
} catch (e) {
  console.error(`send-orders: ${e.message}`);
  process.exitCode = 1;
} finally {
  transport.close();
}
