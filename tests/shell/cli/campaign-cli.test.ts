/**
 * `tallyho campaign ...` and a campaign's export, import and verify on the command line
 * (src/shell/cli/campaign.ts, history.ts; docs/campaigns.md), run in-process on fresh databases
 * with the sample campaign campaigns/adlertag.yaml.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, queuedMail, useCliDatabase } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
const { dir, db: DB } = useCliDatabase('tallyho-campaign-cli-', 'campaign.sqlite');
const mails = queuedMail;

describe('tallyho campaign', () => {
  it('refuses a broken campaign file with every problem, and makes no database', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      'name: Bad\nplayers:\n  raf: { side: raf, pilots: [{ name: A, quality: hero }] }\nscenarios:\n  - { id: one, scenario: nowhere }\n',
    );
    const r = await cli('campaign', 'create', bad, '--id', 'bad');
    expect(r.code).toBe(1);
    expect(r.err).toContain('is not a valid campaign');
    expect(r.err).toMatch(/players\.raf\.pilots\[0\]\.quality/);
    expect(existsSync(DB)).toBe(false);
  });

  it('creates the sample campaign, binds its players, starts its first game, shows and lists it', async () => {
    const created = await cli(
      'campaign',
      'create',
      join(ROOT, 'campaigns/adlertag.yaml'),
      '--id',
      'adl',
      '--gm-email',
      'gm@example.org',
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain('Campaign adl created: Adlertag');
    expect(created.out).toContain(
      'Player raf (side raf): F/Lt John Dundas, veteran, keen eyesight; P/O Tom Grey, recruit; Sgt Alan Feary, green',
    );
    expect((await cli('campaign', 'next', 'adl')).err).toContain('campaign adl needs an address for raf, lw first');
    await cli('campaign', 'player', 'adl', 'raf', 'raf@example.org');
    expect((await cli('campaign', 'player', 'adl', 'lw', 'lw@example.org')).out).toBe(
      'lw of campaign adl is lw@example.org from the next game on.\n',
    );
    expect((await cli('campaign', 'player', 'adl', 'zed', 'z@example.org')).err).toContain(
      "campaign adl has no player 'zed' (its players: raf, lw)",
    );
    expect((await cli('campaign', 'assign', 'adl', 'E1', 'lw-3')).out).toContain(
      'E1: Lt. Erich Rudorffer (lw-3) flies it in the next game',
    );
    expect((await cli('campaign', 'assign', 'adl', 'E1', 'lw-9')).err).toContain("campaign adl has no pilot 'lw-9'");
    // The first scenario is known: the plane must be in it, and its player's.
    expect((await cli('campaign', 'assign', 'adl', 'Z9', 'lw-1')).err).toContain(
      'the next game, portland (scenario stuka-escort), has no plane Z9 (its planes: R1, R2, S1, E1)',
    );
    expect((await cli('campaign', 'assign', 'adl', 'R2', 'lw-1')).err).toContain(
      "R2 is raf's plane in the next game, portland; Oblt. Franz Seidel (lw-1) flies for lw",
    );
    expect((await cli('campaign', 'show', 'adl')).out).toContain('Chosen for the next game: E1 lw-3');
    const next = await cli('campaign', 'next', 'adl');
    expect(next.out).toContain(
      'game adl-1 of campaign adl started: portland (Stuka escort); R1 F/Lt John Dundas, R2 Sgt Alan Feary, S1 Oblt. Franz Seidel, E1 Lt. Erich Rudorffer',
    );
    expect((await cli('campaign', 'next', 'adl')).err).toContain(
      'game adl-1 of campaign adl is still being played (turn 1)',
    );
    const welcomes = mails().filter((m) => m.kind === 'welcome');
    expect(welcomes.map((m) => m.recipient).sort()).toEqual(['lw@example.org', 'raf@example.org']);
    expect(welcomes.find((m) => m.recipient === 'raf@example.org')?.text).toContain(
      'Game 1 of campaign adl (Adlertag): portland.',
    );
    const show = await cli('campaign', 'show', 'adl');
    expect(show.out).toContain('Now: game adl-1, turn 1.');
    expect(show.out).toContain(
      'lw-3  Lt. Erich Rudorffer: ace; fit to fly; 0 sorties, 0 victories\n    flying in adl-1 (being played)',
    );
    expect(show.out).toContain('Players: raf raf@example.org, lw lw@example.org');
    const json = JSON.parse((await cli('campaign', 'show', 'adl', '--json')).out) as {
      games: { gameId: string }[];
      record: { standing: Record<string, number> };
    };
    expect(json.games.map((g) => g.gameId)).toEqual(['adl-1']);
    expect(json.record.standing).toEqual({ raf: 0, lw: 0 });
    expect((await cli('campaign', 'list')).out).toMatch(/^adl {2}running {2}1 game\(s\) {2}Adlertag\n$/);
  });

  it('exports the campaign with its games, imports it into a new database, and verifies it', async () => {
    const file = join(dir, 'adl.json');
    const exported = await cli('export', 'adl', '--out', file);
    expect(exported.out).toContain('Campaign adl exported to');
    process.env.DATABASE_PATH = join(dir, 'restored.sqlite');
    try {
      const imported = await cli('import', file);
      expect(imported.code).toBe(0);
      expect(imported.out).toContain('Campaign adl imported: running, 1 game.');
      expect(imported.out).toContain('Game adl-1: running, turn 1.');
      const verified = await cli('verify', 'adl');
      expect(verified.code).toBe(0);
      expect(verified.out).toContain('Campaign adl: 1 game.');
      expect((await cli('campaign', 'show', 'adl')).out).toContain('Now: game adl-1, turn 1.');
    } finally {
      process.env.DATABASE_PATH = DB;
    }
  });
});
