/**
 * `tallyho doctor` (docs/gm-guide.md "Before the first game: tallyho doctor"): checks the
 * configuration, the database, the mail servers' logins, the public address and the hooks'
 * addresses, one line each;
 * exit 0 only when nothing fails (shell/doctor.ts).
 */
import type { Command } from 'commander';
import { loadConfig, type Config } from '../config.ts';
import { type Check, databaseChecks, imapCheck, publicUrlCheck, smtpCheck } from '../doctor.ts';
import { hooksChecks } from '../doctor-hooks.ts';
import { TallyhoError } from '../errors.ts';

async function runChecks(config: Config): Promise<Check[]> {
  const checks: Check[] = [
    ...(config.unknownKeys ?? []).map((l): Check => ({ name: 'settings', verdict: 'fail', detail: l })),
  ];
  if (!checks.length)
    checks.push({
      name: 'settings',
      verdict: 'ok',
      detail: `${config.mode} mode, the database from ${config.databaseFrom}`,
    });
  checks.push(...databaseChecks(config, Date.now()));
  const [mail, publicUrl, hooks] = await Promise.all([
    config.mode === 'mail' ? Promise.all([imapCheck(config), smtpCheck(config)]) : [],
    publicUrlCheck(config),
    hooksChecks(config),
  ]);
  return [...checks, ...mail, publicUrl, ...hooks];
}

export function registerDoctorCommand(program: Command, version: string): void {
  program
    .command('doctor')
    .description(
      "check the settings (misspelt keys too), the database, the IMAP and SMTP logins, PUBLIC_URL and the hooks' addresses; exit 0 only when nothing fails",
    )
    .option('--json', 'print the checks as JSON')
    .action(async (opts: { json?: boolean }) => {
      let checks: Check[];
      try {
        checks = await runChecks(loadConfig());
      } catch (e) {
        if (!(e instanceof TallyhoError) || e.code !== 'E_CONFIG') throw e;
        checks = [e.message, ...e.details].map((d) => ({ name: 'settings', verdict: 'fail', detail: d }));
      }
      const failed = checks.filter((c) => c.verdict === 'fail').length;
      if (opts.json) process.stdout.write(`${JSON.stringify({ version, checks, ok: failed === 0 }, null, 2)}\n`);
      else {
        const lines = checks.map((c) => `${c.verdict.padEnd(5)} ${c.name.padEnd(10)} ${c.detail}`);
        const warned = checks.filter((c) => c.verdict === 'warn').length;
        lines.unshift(`Tallyho ${version}`);
        lines.push(
          failed ? `${failed} failed, ${warned} to look at.` : `All is well${warned ? ` (${warned} to look at)` : ''}.`,
        );
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (failed) process.exitCode = 1;
    });
}
