/**
 * `tallyho oauth <google|microsoft|custom>` (docs/cli.md, docs/gm-guide.md "Gmail and Microsoft
 * 365 by OAuth2"): gets the refresh token that lets the referee log into its mailbox by XOAUTH2.
 * It prints an address to open in a browser, waits for the provider's answer on 127.0.0.1, and
 * prints the .env lines to add, or with --write puts them into the .env itself.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { configDir } from '../config.ts';
import { readEnvFile } from '../env-file.ts';
import { cliError } from '../errors.ts';
import { authorize } from '../oauth/authorize.ts';
import { endpointProblem, isProviderName, PROVIDERS } from '../oauth/providers.ts';

interface Options {
  clientId?: string;
  clientSecret?: string;
  authUrl?: string;
  tokenUrl?: string;
  scope?: string;
  port: string;
  timeout: string;
  write?: boolean;
}

/** A value as env-file.ts reads it back: bare, in single quotes, or in double quotes with escapes. */
const quoted = (v: string): string => {
  if (!/[\s#'"\\]/.test(v)) return v;
  if (!/['\n]/.test(v)) return `'${v}'`;
  return `"${v.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;
};

/** The .env lines: keys in the order written, and a comment for the hosts of a known provider. */
export function envLines(values: [string, string][], hosts: string | null): string {
  return `${hosts ? `${hosts}\n` : ''}${values.map(([k, v]) => `${k}=${quoted(v)}`).join('\n')}\n`;
}

/** Sets `values` in the .env at `file`: a key's line replaced where it is, new keys appended. */
export function writeEnv(file: string, values: [string, string][]): void {
  const had = existsSync(file);
  const lines = had ? readFileSync(file, 'utf8').replace(/\n$/, '').split('\n') : [];
  for (const [key, value] of values) {
    const line = envLines([[key, value]], null).trimEnd();
    const at = lines.findIndex((l) => new RegExp(`^\\s*(?:export\\s+)?${key}\\s*=`).test(l));
    if (at >= 0) lines[at] = line;
    else lines.push(line);
  }
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  // the file holds a secret now: its owner only
  if (had) chmodSync(file, 0o600);
}

function whole(raw: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw cliError('E_USAGE', `${what}: '${raw}' is not a whole number from ${min} to ${max}`);
  return Number(raw);
}

async function run(providerArg: string, o: Options): Promise<void> {
  const name = providerArg.toLowerCase();
  if (name !== 'custom' && !isProviderName(name))
    throw cliError('E_USAGE', `'${providerArg}' is not google, microsoft or custom`);
  const preset = name === 'custom' ? null : PROVIDERS[name];
  const envFile = resolve(configDir(), '.env');
  const env = { ...readEnvFile(envFile), ...process.env };
  const clientId = o.clientId ?? env.OAUTH_CLIENT_ID ?? '';
  const clientSecret = o.clientSecret ?? env.OAUTH_CLIENT_SECRET ?? '';
  const authUrl = o.authUrl ?? preset?.authUrl ?? '';
  const tokenUrl = o.tokenUrl ?? preset?.tokenUrl ?? '';
  const scope = o.scope ?? preset?.scope ?? '';
  const problems: string[] = [];
  if (!clientId)
    problems.push('--client-id is not given (nor OAUTH_CLIENT_ID in .env): the client ID of your app registration');
  if (name === 'google' && !clientSecret)
    problems.push('--client-secret is not given (nor OAUTH_CLIENT_SECRET in .env): Google desktop clients have one');
  if (!authUrl) problems.push("--auth-url is not given: the provider's authorization endpoint");
  if (!tokenUrl) problems.push("--token-url is not given: the provider's token endpoint");
  if (!scope) problems.push('--scope is not given: the scope that allows IMAP and SMTP');
  for (const [opt, url] of [
    ['--auth-url', authUrl],
    ['--token-url', tokenUrl],
  ] as const) {
    const p = url ? endpointProblem(url) : null;
    if (p) problems.push(`${opt}: ${p}`);
  }
  const port = whole(o.port, '--port', 0, 65535);
  const timeoutS = whole(o.timeout, '--timeout', 1, 3600);
  if (problems.length) throw cliError('E_USAGE', 'tallyho oauth cannot start', problems);

  const granted = await authorize(
    {
      authUrl,
      tokenUrl,
      clientId,
      clientSecret: clientSecret || null,
      scope,
      authParams: preset?.authParams ?? {},
      // Microsoft's public clients register http://localhost (any port); Google's take 127.0.0.1
      redirectHost: name === 'microsoft' ? 'localhost' : '127.0.0.1',
      port,
      timeoutMs: timeoutS * 1000,
      pasted: (line) => {
        const lines = createInterface({ input: process.stdin });
        lines.on('line', line);
        return () => {
          lines.close();
          process.stdin.destroy();
        };
      },
    },
    (url, redirectUri) => {
      process.stdout.write(
        `Open this address in a browser, sign in as the referee's mailbox and allow access:\n\n${url}\n\n` +
          `Waiting up to ${timeoutS} seconds for the answer at ${redirectUri} (on this machine). When the browser runs\n` +
          'on another machine and cannot open that address, paste here the address it shows then, and press Enter.\n',
      );
    },
  );
  const values: [string, string][] = [
    ['IMAP_AUTH', 'xoauth2'],
    ['SMTP_AUTH', 'xoauth2'],
    ['OAUTH_PROVIDER', preset ? name : ''],
    ...(preset && tokenUrl === preset.tokenUrl ? [] : [['OAUTH_TOKEN_URL', tokenUrl] as [string, string]]),
    ['OAUTH_CLIENT_ID', clientId],
    ['OAUTH_CLIENT_SECRET', clientSecret],
    ...(preset && scope === preset.scope ? [] : [['OAUTH_SCOPE', scope] as [string, string]]),
    ['OAUTH_REFRESH_TOKEN', granted.refreshToken],
  ];
  const hosts = preset
    ? `# ${name}: IMAP_HOST=${preset.imapHost} IMAP_PORT=993 IMAP_TLS=true SMTP_HOST=${preset.smtpHost} SMTP_PORT=${preset.smtpPort} SMTP_TLS=${preset.smtpTls}; ` +
      "IMAP_USER and SMTP_USER: the mailbox's address"
    : null;
  if (o.write) {
    writeEnv(envFile, values);
    process.stdout.write(
      `\nGot a refresh token. Wrote ${values.map(([k]) => k).join(', ')} to ${envFile}.\n${hosts ? `${hosts}\n` : ''}Restart tallyho serve to use it.\n`,
    );
  } else {
    process.stdout.write(
      `\nGot a refresh token. Put these lines into ${envFile} (it holds secrets: keep it private), then restart tallyho serve:\n\n${envLines(values, hosts)}`,
    );
  }
}

export function registerOauthCommand(program: Command): void {
  program
    .command('oauth <provider>')
    .description('get the refresh token for logging into the mailbox by OAuth2 (XOAUTH2): google, microsoft or custom')
    .option('--client-id <id>', 'the client ID of your app registration (default: OAUTH_CLIENT_ID of .env)')
    .option('--client-secret <secret>', 'its secret, where it has one (default: OAUTH_CLIENT_SECRET of .env)')
    .option('--auth-url <url>', "the provider's authorization endpoint (custom; overrides the preset)")
    .option('--token-url <url>', "the provider's token endpoint (custom; overrides the preset)")
    .option('--scope <scope>', 'the scope asked for (custom; overrides the preset)')
    .option('--port <n>', 'the port on 127.0.0.1 the answer comes back to (0: any free one)', '0')
    .option('--timeout <seconds>', 'how long to wait for the answer', '300')
    .option('--write', 'write the lines into .env instead of printing them')
    .action((provider: string, opts: Options) => run(provider, opts));
}
