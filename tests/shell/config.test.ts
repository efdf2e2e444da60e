import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, configFrom, loadConfig } from '../../src/shell/config.ts';
import { parseEnvText } from '../../src/shell/env-file.ts';
import { readFileSync } from 'node:fs';
import { configProblems } from '../support/config.ts';

const problems = configProblems;

const MAIL = {
  IMAP_HOST: 'imap.example.org',
  IMAP_USER: 'referee@example.org',
  IMAP_PASSWORD: 'app-pass',
  SMTP_HOST: 'smtp.example.org',
  SMTP_USER: 'referee@example.org',
  SMTP_PASSWORD: 'app-pass',
  MAIL_FROM: 'Tallyho Referee <Referee@Example.org>',
};

describe('configuration', () => {
  it('runs in local mode with nothing configured', () => {
    const c = configFrom({}, '/srv/tallyho');
    expect(c).toMatchObject({
      mode: 'local',
      imap: null,
      smtp: null,
      mailFrom: 'referee@localhost',
      localSmtpPort: 2525,
      httpPort: 8025,
    });
    expect(c.databasePath).toBe('/srv/tallyho/var/tallyho.sqlite');
    expect(c.adminPassword).toBeNull();
    expect(configFrom({ ADMIN_PASSWORD: '  twelve chars ok  ' }).adminPassword).toBe('twelve chars ok');
    expect(configFrom({ PUBLIC_URL: 'https://tallyho.example.org/club/' }).publicUrl).toBe(
      'https://tallyho.example.org/club',
    );
    expect(configFrom({}).publicUrl).toBeNull();
  });

  it('reads a real mail setup with sensible defaults', () => {
    const c = configFrom(MAIL);
    expect(c.mode).toBe('mail');
    expect(c.imap).toMatchObject({
      host: 'imap.example.org',
      port: 993,
      tls: true,
      mailbox: 'INBOX',
      processedFolder: 'Processed',
      rejectedFolder: 'Rejected',
    });
    expect(c.smtp).toMatchObject({ port: 587, security: 'starttls' });
    expect(c.mailFrom).toBe('referee@example.org');
    expect(c.mailFromName).toBe('Tallyho Referee');
    expect(configFrom({ ...MAIL, SMTP_TLS: 'true', IMAP_TLS: 'false' })).toMatchObject({
      smtp: { port: 465, security: 'tls' },
      imap: { port: 143, tls: false },
    });
  });

  it('names the key of every problem', () => {
    expect(problems({ IMAP_HOST: 'imap.example.org' }).join('\n')).toMatch(/SMTP_HOST is not set/);
    const p = problems({
      ...MAIL,
      IMAP_PORT: 'abc',
      SMTP_TLS: 'maybe',
      MAIL_FROM: 'nobody',
      HTTP_PORT: '70000',
      TOKEN_KEY: 'short',
      LOG_LEVEL: 'loud',
      ADMIN_PASSWORD: 'hunter2',
      PUBLIC_URL: 'tallyho.example.org',
    });
    for (const key of [
      'IMAP_PORT',
      'SMTP_TLS',
      'MAIL_FROM',
      'HTTP_PORT',
      'TOKEN_KEY',
      'LOG_LEVEL',
      'ADMIN_PASSWORD',
      'PUBLIC_URL',
    ])
      expect(p.join('\n')).toContain(key);
    expect(problems({ ...MAIL, IMAP_PASSWORD: '' }).join('\n')).toMatch(/IMAP_PASSWORD is not set/);
    expect(problems({ ...MAIL, MAIL_FROM: '' }).join('\n')).toMatch(/MAIL_FROM is not set/);
  });

  it('lists every key in .env.example', () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const key of CONFIG_KEYS) expect(example, key).toMatch(new RegExp(`^${key}=`, 'm'));
  });

  it('reads a .env file, the environment winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-env-'));
    try {
      const file = join(dir, '.env');
      writeFileSync(
        file,
        '# comment\nHTTP_PORT=9000\nexport LOCAL_SMTP_PORT="2600"\nMAIL_FROM=\'ref@example.org\' # the referee\n',
      );
      const c = loadConfig({ envFile: file, env: { HTTP_PORT: '9100' } });
      expect(c).toMatchObject({ httpPort: 9100, localSmtpPort: 2600, mailFrom: 'ref@example.org' });
      expect(loadConfig({ envFile: join(dir, 'missing.env'), env: {} }).mode).toBe('local');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses .env syntax and names the line of an error', () => {
    expect(parseEnvText('A=1\nB = two words # note\nC="x\\ny"\nD=\'#not a comment\'\n')).toEqual({
      A: '1',
      B: 'two words',
      C: 'x\ny',
      D: '#not a comment',
    });
    expect(() => parseEnvText('A=1\nnot a line\n', 'my.env')).toThrow(/my.env:2/);
    expect(() => parseEnvText('A="open\n', 'my.env')).toThrow(/my.env:1 \(A\)/);
  });
});
