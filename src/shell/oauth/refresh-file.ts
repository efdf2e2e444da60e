/**
 * A refresh token the provider handed out in place of the one in .env (Microsoft does on every
 * renewal; the old one then lives 90 days at most): kept in a file beside the database, readable
 * by its owner only, so a restart goes on with the newest. The file names (by a hash) the .env
 * token it replaced: a new OAUTH_REFRESH_TOKEN in .env (a new `tallyho oauth`) wins over it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AppLog } from '../../app/ports/deps.ts';

const fingerprint = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 32);

export class RefreshTokenFile {
  constructor(readonly path: string) {}

  /** The newest refresh token got in place of `fromEnv`, or null. */
  read(fromEnv: string): string | null {
    try {
      const kept = JSON.parse(readFileSync(this.path, 'utf8')) as { replaces?: unknown; refreshToken?: unknown };
      return kept.replaces === fingerprint(fromEnv) && typeof kept.refreshToken === 'string' && kept.refreshToken
        ? kept.refreshToken
        : null;
    } catch {
      return null;
    }
  }

  /** Keeps `token` as the successor of `fromEnv`; a failure is logged (the old token still works a while). */
  write(fromEnv: string, token: string, log: AppLog): void {
    try {
      writeFileSync(
        `${this.path}.new`,
        `${JSON.stringify({ replaces: fingerprint(fromEnv), refreshToken: token })}\n`,
        { mode: 0o600 },
      );
      renameSync(`${this.path}.new`, this.path);
    } catch (e) {
      log.warn(
        { file: this.path, err: (e as NodeJS.ErrnoException).code ?? 'unknown' },
        'the renewed OAuth2 refresh token could not be kept',
      );
    }
  }
}
