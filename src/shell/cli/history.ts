/**
 * `tallyho export|import|verify` (docs/cli.md):
 *   export <game> [--out file]   the whole history of a game (or a campaign, its games with it) as JSON
 *   import <file> [--add]        restores an export into an empty database (- reads standard input)
 *   verify <game> [--json]       re-resolves every turn (of every game of a campaign) from the stored
 *                                orders and dice; exit 1 on a difference
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { exportGame, importGame } from '../../app/history/export.ts';
import { verifyGame, type VerifyResult } from '../../app/history/verify.ts';
import { cliError } from '../errors.ts';
import { parseAnyExport } from '../export-file.ts';
import { exportCampaign, importCampaign, verifyCampaign } from '../../app/history/campaign.ts';
import type { AppDeps } from '../../app/ports/deps.ts';
import { progressBar } from '../progress.ts';
import { withRuntime } from '../runtime.ts';

const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

async function readInput(file: string): Promise<string> {
  try {
    if (file !== '-') return await readFile(file, 'utf8');
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    throw cliError('E_IO', `cannot read ${file}: ${(e as Error).message}`);
  }
}

/** Written whole or not at all, readable by its owner only: it holds addresses and a secret seed. */
async function writePrivate(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text, { mode: 0o600 });
    await rename(tmp, path);
  } catch (e) {
    throw cliError('E_IO', `cannot write ${path}: ${(e as Error).message}`);
  }
}

export function verifyText(r: VerifyResult, seconds: number): string {
  const rate = seconds > 0 ? `, ${Math.round(r.turns / seconds).toLocaleString('en-US')} turns/s` : '';
  const legacy = r.legacyTurns
    ? ` (${plural(r.legacyTurns, 'turn')} from before verifiable dice, thrown with the state's own seed)`
    : '';
  const head = `Game ${r.game}: ${plural(r.turns, 'resolved turn')} re-resolved${legacy} in ${seconds.toFixed(2)} s${rate}.`;
  // Explanations of FIRE orders that did not fire, told otherwise today: noted, not failed.
  const notes = r.explanations.map(
    (d) =>
      `note, turn ${d.turn}: why a FIRE order did not fire is explained otherwise today (it changes nothing of the turn): ${d.what}`,
  );
  if (!r.differences.length) return [`${head}\nEvery die, state and event is as stored.`, ...notes].join('\n');
  return [head, ...r.differences.map((d) => `turn ${d.turn}: ${d.what}`), ...notes].join('\n');
}

/** The id names a campaign (and no game). */
const isCampaign = (deps: AppDeps, id: string): boolean =>
  deps.store.tx((tx) => !tx.games.get(id.toLowerCase()) && !!tx.campaigns.get(id.toLowerCase()));

export function registerHistoryCommands(program: Command): void {
  program
    .command('export <game>')
    .description(
      'write the whole history of a game, or of a campaign and all its games, as JSON: a backup that tallyho import restores (docs/cli.md)',
    )
    .option('--out <file>', 'write to this file (readable by you only) instead of standard output')
    .action((id: string, opts: { out?: string }) =>
      withRuntime(async (rt) => {
        const data = isCampaign(rt.deps, id) ? exportCampaign(rt.deps, id) : exportGame(rt.deps, id);
        const text = `${JSON.stringify(data, null, 1)}\n`;
        if (!opts.out) {
          process.stdout.write(text);
          return;
        }
        await writePrivate(opts.out, text);
        const what =
          'campaign' in data
            ? `Campaign ${data.campaign.id} exported to ${opts.out}: ${plural(data.games.length, 'game')}, ${plural(data.campaign.players.length, 'player')}`
            : `Game ${id} exported to ${opts.out}: ${plural(data.players.length, 'player')}, ${plural(data.turns.filter((t) => t.resolvedAt !== null).length, 'resolved turn')}`;
        out(
          `${what}. It holds the players' addresses and the current turn's secret dice seed: keep it as private as the database.`,
        );
      }),
    );
  program
    .command('import <file>')
    .description(
      'restore a game export into an empty database (- reads standard input); every player gets a new secret',
    )
    .option('--add', 'import into a database that holds other games (never over a game with the same id)')
    .action((file: string, opts: { add?: boolean }) =>
      withRuntime(
        async (rt) => {
          const any = parseAnyExport(await readInput(file), file === '-' ? '<stdin>' : file);
          if (any.kind === 'campaign') {
            const r = importCampaign(rt.deps, any.data, { add: opts.add });
            const lines = [
              `Campaign ${r.campaign.id} imported: ${r.campaign.status}, ${plural(r.games.length, 'game')}.`,
            ];
            for (const g of r.games) {
              lines.push(`Game ${g.game.id}: ${g.game.status}, turn ${g.game.turn}.`);
              if (g.secrets.length)
                lines.push(
                  ...g.secrets.map((s) => `  new secret ${s.player.padEnd(12)} ${s.email.padEnd(30)} ${s.secret}`),
                );
            }
            lines.push('', `Check it: tallyho verify ${r.campaign.id}`);
            out(lines.join('\n'));
            return;
          }
          const data = any.data;
          const r = importGame(rt.deps, data, { add: opts.add });
          const resolved = data.turns.filter((t) => t.resolvedAt !== null).length;
          const lines = [
            `Game ${r.game.id} imported: ${r.game.status}, turn ${r.game.turn}, ${plural(resolved, 'resolved turn')}, ${plural(r.secrets.length, 'player')}.`,
          ];
          if (r.secrets.length) {
            lines.push('', 'New secrets (the export holds none; shown once, pass each to its player privately):');
            for (const s of r.secrets) lines.push(`  ${s.player.padEnd(12)} ${s.email.padEnd(30)} ${s.secret}`);
          }
          if (r.gmSecret) lines.push('', `The game's own game master has a new secret too: ${r.gmSecret}`);
          lines.push('', `Check it: tallyho verify ${r.game.id}`);
          out(lines.join('\n'));
        },
        { create: true },
      ),
    );
  program
    .command('verify <game>')
    .description(
      're-resolve every turn of a game (or of every game of a campaign) from its stored orders and dice and report any difference (exit 1)',
    )
    .option('--json', 'print the result as JSON')
    .action((id: string, opts: { json?: boolean }) =>
      withRuntime((rt) => {
        if (isCampaign(rt.deps, id)) {
          // Each game timed on its own, so that its turns a second are its own.
          const timed: { r: VerifyResult; seconds: number }[] = [];
          const results = verifyCampaign(rt.deps, id, (game) => {
            const started = process.hrtime.bigint();
            const r = verifyGame(rt.deps, game);
            timed.push({ r, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
            return r;
          });
          const seconds = timed.reduce((s, x) => s + x.seconds, 0);
          out(
            opts.json
              ? JSON.stringify({ campaign: id, games: results, seconds }, null, 2)
              : [
                  `Campaign ${id}: ${plural(results.length, 'game')}.`,
                  ...timed.map((x) => verifyText(x.r, x.seconds)),
                ].join('\n'),
          );
          const bad = results.filter((r) => r.differences.length);
          if (bad.length)
            throw cliError(
              'E_VERIFY',
              `campaign ${id}: ${bad.map((r) => r.game).join(', ')} differ${bad.length === 1 ? 's' : ''} from what was stored`,
            );
          return;
        }
        const bar = progressBar(`verify ${id}`);
        const started = process.hrtime.bigint();
        let r: VerifyResult;
        try {
          r = verifyGame(rt.deps, id, (done, total) => bar.update(done, total));
        } finally {
          bar.done();
        }
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        out(opts.json ? JSON.stringify({ ...r, seconds }, null, 2) : verifyText(r, seconds));
        if (r.differences.length) {
          const turns = new Set(r.differences.map((d) => d.turn)).size;
          throw cliError(
            'E_VERIFY',
            `game ${id}: ${plural(turns, 'turn')} of ${r.turns} differ${turns === 1 ? 's' : ''} from what was stored`,
          );
        }
      }),
    );
}
