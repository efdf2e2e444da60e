/** The campaigns in the store (migrations/008_campaigns.sql, docs/campaigns.md). */
import type { CampaignSpec } from '../../core/campaign/spec.ts';

export interface CampaignRow {
  id: string;
  name: string;
  spec: CampaignSpec;
  /** The file it was created from (campaigns/<source>.yaml). */
  source: string;
  status: 'running' | 'over';
  /** The game master's pilots for the next game: plane id to pilot id. */
  assign: Record<string, string>;
  gmEmail: string | null;
  createdAt: number;
  endedAt: number | null;
}

export interface CampaignGameRow {
  campaignId: string;
  seq: number;
  entry: string;
  gameId: string;
}

export interface CampaignRepo {
  get(id: string): CampaignRow | undefined;
  list(): CampaignRow[];
  insert(row: Omit<CampaignRow, 'endedAt'>): void;
  update(id: string, change: Partial<Pick<CampaignRow, 'status' | 'assign' | 'endedAt' | 'gmEmail'>>): void;
  players(id: string): { id: string; email: string }[];
  setPlayer(id: string, player: string, email: string): void;
  games(id: string): CampaignGameRow[];
  addGame(row: CampaignGameRow): void;
  /** The campaign a game belongs to, if any. */
  ofGame(gameId: string): CampaignGameRow | undefined;
}
