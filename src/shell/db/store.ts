/**
 * The Store port over better-sqlite3. Every use case runs in one IMMEDIATE transaction (the write
 * lock is taken at the start, so two processes sharing the file never deadlock upgrading a read
 * lock); a nested call joins the transaction it runs in.
 */
import type Database from 'better-sqlite3';
import type { Store, StoreTx } from '../../app/ports/store.ts';
import { openDatabase, type OpenOptions } from './open.ts';
import { archiveRepo } from './repos-archive.ts';
import { controlRepo } from './repos-control.ts';
import { diceRepo } from './repos-dice.ts';
import { eventRepo, gameRepo, ordersRepo, playerRepo, settingsRepo, turnRepo } from './repos-game.ts';
import { inboundRepo, outboxRepo } from './repos-mail.ts';
import { replyRepo } from './repos-replies.ts';
import { campaignRepo } from './repos-campaign.ts';
import { clubRepo } from './repos-club.ts';
import { menuRepo } from './repos-menus.ts';

export class SqliteStore implements Store {
  readonly db: Database.Database;
  private readonly repos: StoreTx;

  constructor(db: Database.Database) {
    this.db = db;
    this.repos = {
      games: gameRepo(db),
      players: playerRepo(db),
      turns: turnRepo(db),
      orders: ordersRepo(db),
      inbound: inboundRepo(db),
      events: eventRepo(db),
      outbox: outboxRepo(db),
      settings: settingsRepo(db),
      archive: archiveRepo(db),
      control: controlRepo(db),
      dice: diceRepo(db),
      replies: replyRepo(db),
      campaigns: campaignRepo(db),
      club: clubRepo(db),
      menus: menuRepo(db),
    };
  }

  static open(path: string, options: OpenOptions = {}): SqliteStore {
    return new SqliteStore(openDatabase(path, options));
  }

  tx<T>(fn: (tx: StoreTx) => T): T {
    if (this.db.inTransaction) return fn(this.repos);
    return this.db.transaction(() => fn(this.repos)).immediate();
  }

  /**
   * A transaction committed without waiting for the disk (synchronous=NORMAL for this one commit):
   * it survives the process being killed, not a power cut, which may roll it back. Only for writes
   * whose loss costs a repeat and nothing else: the outbox's record that a mail was sent (lost, the
   * mail is sent again, as after any crash mid-send). The next ordinary commit syncs it too.
   */
  txLazy<T>(fn: (tx: StoreTx) => T): T {
    if (this.db.inTransaction) return fn(this.repos);
    this.db.pragma('synchronous = NORMAL');
    try {
      return this.tx(fn);
    } finally {
      this.db.pragma('synchronous = FULL');
    }
  }

  savepoint<T>(fn: (tx: StoreTx) => T): T {
    if (!this.db.inTransaction) return this.tx(fn);
    return this.db.transaction(() => fn(this.repos))();
  }

  dryRun<T>(fn: (tx: StoreTx) => T): T {
    const undo = new Error('dry run: undo');
    let value: { v: T } | undefined;
    try {
      this.db.transaction(() => {
        value = { v: fn(this.repos) };
        throw undo;
      })();
    } catch (e) {
      if (e !== undo) throw e;
    }
    return (value as { v: T }).v;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
