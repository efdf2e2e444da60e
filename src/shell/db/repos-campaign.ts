/** Campaigns in SQLite (migrations/008_campaigns.sql): the CampaignRepo. */
import type Database from 'better-sqlite3';
import type { CampaignGameRow, CampaignRepo, CampaignRow } from '../../app/ports/campaign.ts';
import type { CampaignSpec } from '../../core/campaign/spec.ts';

type Row = Record<string, unknown>;

const campaignOf = (r: Row): CampaignRow => ({
  id: r.id as string,
  name: r.name as string,
  spec: JSON.parse(r.spec as string) as CampaignSpec,
  source: r.source as string,
  status: r.status as CampaignRow['status'],
  assign: JSON.parse(r.assign as string) as Record<string, string>,
  gmEmail: (r.gm_email as string | null) ?? null,
  createdAt: r.created_at as number,
  endedAt: (r.ended_at as number | null) ?? null,
});

const gameOf = (r: Row): CampaignGameRow => ({
  campaignId: r.campaign_id as string,
  seq: r.seq as number,
  entry: r.entry as string,
  gameId: r.game_id as string,
});

export function campaignRepo(db: Database.Database): CampaignRepo {
  const get = db.prepare('SELECT * FROM campaigns WHERE id = ?');
  const list = db.prepare('SELECT * FROM campaigns ORDER BY created_at, id');
  const insert = db.prepare(`INSERT INTO campaigns (id, name, spec, source, status, assign, gm_email, created_at)
    VALUES (@id, @name, @spec, @source, @status, @assign, @gmEmail, @createdAt)`);
  const players = db.prepare('SELECT id, email FROM campaign_players WHERE campaign_id = ? ORDER BY rowid');
  const setPlayer = db.prepare(`INSERT INTO campaign_players (campaign_id, id, email) VALUES (?, ?, ?)
    ON CONFLICT (campaign_id, id) DO UPDATE SET email = excluded.email`);
  const games = db.prepare('SELECT * FROM campaign_games WHERE campaign_id = ? ORDER BY seq');
  const addGame = db.prepare(
    'INSERT INTO campaign_games (campaign_id, seq, entry, game_id) VALUES (@campaignId, @seq, @entry, @gameId)',
  );
  const ofGame = db.prepare('SELECT * FROM campaign_games WHERE game_id = ?');
  const columns: Record<string, string> = {
    status: 'status',
    assign: 'assign',
    endedAt: 'ended_at',
    gmEmail: 'gm_email',
  };
  return {
    get: (id) => {
      const r = get.get(id) as Row | undefined;
      return r && campaignOf(r);
    },
    list: () => (list.all() as Row[]).map(campaignOf),
    insert: (row) => {
      insert.run({ ...row, spec: JSON.stringify(row.spec), assign: JSON.stringify(row.assign) });
    },
    update(id, change) {
      const keys = Object.keys(change).filter((k) => k in columns);
      if (!keys.length) return;
      const values: Record<string, unknown> = { ...change, id };
      if (change.assign) values.assign = JSON.stringify(change.assign);
      db.prepare(`UPDATE campaigns SET ${keys.map((k) => `${columns[k]} = @${k}`).join(', ')} WHERE id = @id`).run(
        values,
      );
    },
    players: (id) => players.all(id) as { id: string; email: string }[],
    setPlayer: (id, player, email) => {
      setPlayer.run(id, player, email);
    },
    games: (id) => (games.all(id) as Row[]).map(gameOf),
    addGame: (row) => {
      addGame.run(row);
    },
    ofGame: (gameId) => {
      const r = ofGame.get(gameId) as Row | undefined;
      return r && gameOf(r);
    },
  };
}
