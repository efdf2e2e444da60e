/**
 * Settings Tallyho does not read (src/shell/config-keys.ts, loadConfig): a misspelt key in .env is
 * named with the key it likely meant, beside the error it caused or as a warning of its own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyDistance, nearestKey, unknownKeys } from '../../src/shell/config-keys.ts';
import { CONFIG_KEYS, loadConfig } from '../../src/shell/config.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const temp = tempDirs('tallyho-keys-');
const envFile = (text: string): string => {
  const d = temp();
  writeFileSync(join(d, '.env'), text);
  return join(d, '.env');
};

describe('settings Tallyho does not read', () => {
  it('measures keys by edits, a swap of neighbours counting one', () => {
    expect(keyDistance('IMAP_HOTS', 'IMAP_HOST')).toBe(1);
    expect(keyDistance('LOGLEVEL', 'LOG_LEVEL')).toBe(1);
    expect(keyDistance('SMTP_PORT', 'IMAP_PORT')).toBe(2);
    expect(keyDistance('', 'ABC')).toBe(3);
  });

  it('names the setting a misspelt key likely meant, and none for a key far from every setting', () => {
    expect(nearestKey('IMAP_HOTS', CONFIG_KEYS)).toBe('IMAP_HOST');
    expect(nearestKey('LOGLEVEL', CONFIG_KEYS)).toBe('LOG_LEVEL');
    expect(nearestKey('public_url', CONFIG_KEYS)).toBe('PUBLIC_URL');
    expect(nearestKey('ADMIN_PASWORD', CONFIG_KEYS)).toBe('ADMIN_PASSWORD');
    expect(nearestKey('PUBLIC_ULR', CONFIG_KEYS)).toBe('PUBLIC_URL');
    expect(nearestKey('FAVOURITE_PLANE', CONFIG_KEYS)).toBeNull();
  });

  it('lists the keys of .env that are not settings, and ours in the environment; not other programs’', () => {
    expect(
      unknownKeys(CONFIG_KEYS, ['LOGLEVEL', 'HTTP_PORT'], '/srv/t/.env', {
        PATH: '/bin',
        HTTP_PROXY: 'x',
        SMTP_HOTS: 'a',
        TALLYHO_FAULT: 'x',
        LOGLEVEL: 'debug',
      }),
    ).toEqual([
      'LOGLEVEL in /srv/t/.env is not a setting Tallyho reads (did you mean LOG_LEVEL?): it is ignored',
      'SMTP_HOTS in the environment is not a setting Tallyho reads (did you mean SMTP_HOST?): it is ignored',
    ]);
  });

  it('loadConfig names a misspelt key beside the error it caused, and keeps the lines when the rest is valid', () => {
    const broken = envFile('IMAP_HOTS=imap.example.org\nSMTP_HOST=smtp.example.org\nMAIL_FROM=ref@example.org\n');
    let details: string[] = [];
    try {
      loadConfig({ envFile: broken, env: {} });
    } catch (e) {
      details = (e as { details: string[] }).details;
    }
    expect(details).toContain(
      'IMAP_HOST is not set (SMTP_HOST is: a mail setup needs both; leave both empty for local mode)',
    );
    expect(details).toContainEqual(
      expect.stringMatching(/^IMAP_HOTS in .*\.env is not a setting Tallyho reads \(did you mean IMAP_HOST\?\)/),
    );
    const valid = envFile('LOGLEVEL=debug\n');
    const config = loadConfig({ envFile: valid, env: {} });
    expect(config.logLevel).toBe('info');
    expect(config.unknownKeys).toEqual([
      `LOGLEVEL in ${valid} is not a setting Tallyho reads (did you mean LOG_LEVEL?): it is ignored`,
    ]);
  });
});
