/**
 * The journal of mails the SMTP server took (src/shell/mail/sent-journal.ts) and what a start does
 * after a crash: rows in the journal are marked sent, not sent again; rows a stopped process had
 * leased are released and sent at once; a lease of a live process, or of another machine, is left
 * to run out.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxRow } from '../../support/outbox-rows.ts';
import { silentLog } from '../../../src/app/ports/deps.ts';
import { SqliteStore } from '../../../src/shell/db/store.ts';
import { composeMessage } from '../../../src/shell/mail/compose.ts';
import { OutboxWorker, ownerIsGone } from '../../../src/shell/mail/outbox-worker.ts';
import { appendSent, clearSent, readSent, sentJournalPath } from '../../../src/shell/mail/sent-journal.ts';
import type { MailTransport } from '../../../src/shell/mail/transport.ts';

const row = outboxRow;

/** The pid of a process that has ended. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid as number;

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});
const journalFile = () => {
  dir = mkdtempSync(`${tmpdir()}/journal-`);
  return `${dir}/tallyho.db.sent`;
};

/** A transport that sends at once and, like the SMTP thread, journals each mail the server took. */
function journalling(path: string) {
  const sent: string[] = [];
  const transport: MailTransport = {
    async send(m, key) {
      sent.push(String(m.messageId));
      const r = { accepted: [String(m.to)], rejected: [], response: '250 2.0.0 Ok: queued' };
      if (key !== undefined) {
        const fd = openSync(path, 'a');
        appendSent(fd, { id: key, at: 5, response: r.response, rejected: [] });
        closeSync(fd);
      }
      return r;
    },
    close: () => {},
  };
  return { transport, sent };
}

const worker = (store: SqliteStore, transport: MailTransport, journal: string | null, owner = 'w2') =>
  new OutboxWorker({
    store,
    transport,
    clock: { now: () => 1_000_000 },
    log: silentLog,
    owner,
    journal,
    pollMs: 60_000,
    compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
  });

describe('the journal of mails the server took', () => {
  it('lives beside a database file, not beside an in-memory one', () => {
    expect(sentJournalPath('/var/lib/tallyho/tallyho.db')).toBe('/var/lib/tallyho/tallyho.db.sent');
    expect(sentJournalPath(':memory:')).toBeNull();
  });

  it('reads back what was appended, skipping a last line cut short and lines that are not entries', () => {
    const path = journalFile();
    writeFileSync(path, '');
    const fd = openSync(path, 'a');
    appendSent(fd, { id: 3, at: 10, response: '250 ok', rejected: [] });
    appendSent(fd, { id: 4, at: 11, response: '250 ok', rejected: ['x@example.test'] });
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"id":"five"}\n{"id":6,"at":12,"resp`, 'utf8');
    expect(readSent(path)).toEqual([
      { id: 3, at: 10, response: '250 ok', rejected: [] },
      { id: 4, at: 11, response: '250 ok', rejected: ['x@example.test'] },
    ]);
    clearSent(path);
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(readSent(`${dir}/none`)).toEqual([]);
  });
});

describe('a start after a crash', () => {
  it("marks sent the rows the journal names, releases the dead process's other leases and sends those at once", async () => {
    const path = journalFile();
    const store = SqliteStore.open(':memory:');
    store.tx((tx) => {
      for (let i = 1; i <= 5; i++) tx.outbox.insert(row(i), 1_000_000);
    });
    // A process of this machine leased all five, had 1 and 2 taken by the server, and was killed.
    const gone = `${hostname()}:${deadPid()}:0badf00d`;
    store.tx((tx) => tx.outbox.lease(gone, 1_000_000, 1_000_000 + 120_000, 5));
    const fd = openSync(path, 'a');
    appendSent(fd, { id: 1, at: 999_000, response: '250 2.0.0 Ok: queued as A1', rejected: [] });
    appendSent(fd, { id: 2, at: 999_500, response: '250 2.0.0 Ok: queued as A2', rejected: [] });
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"id":3,"at"`);
    const { transport, sent } = journalling(path);
    const w = worker(store, transport, path);
    w.start();
    for (let i = 0; i < 50 && sent.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    await w.stop();
    // 1 and 2 were not sent again; 3 (its entry cut short), 4 and 5 went at once, not in 2 minutes.
    expect(sent).toEqual(['<m3@example.test>', '<m4@example.test>', '<m5@example.test>']);
    const rows = store.tx((tx) => tx.outbox.list());
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(rows[0]).toMatchObject({ sentAt: 999_000, response: '250 2.0.0 Ok: queued as A1', leaseOwner: null });
    // Every result is in the store: the journal has been emptied.
    expect(readSent(path)).toEqual([]);
  });

  it('leaves alone the leases of a live process, of another machine, and names it does not know', () => {
    const store = SqliteStore.open(':memory:');
    store.tx((tx) => {
      for (let i = 1; i <= 3; i++) tx.outbox.insert(row(i), 1_000_000);
    });
    const owners = [`${hostname()}:${process.ppid}:12ab34cd`, `elsewhere.example:${deadPid()}:12ab34cd`, 'w1'];
    owners.forEach((o) => store.tx((tx) => tx.outbox.lease(o, 1_000_000, 1_000_000 + 120_000, 1)));
    const { transport, sent } = journalling(journalFile());
    const w = worker(store, transport, null);
    w.start();
    void w.stop();
    expect(sent).toEqual([]);
    expect(store.tx((tx) => tx.outbox.leaseOwners()).sort()).toEqual([...owners].sort());
  });

  it('tells a stopped worker from a running one by its name', () => {
    expect(ownerIsGone(`${hostname()}:${deadPid()}:ab12cd34`)).toBe(true);
    expect(ownerIsGone(`${hostname()}:${process.pid}:ab12cd34`)).toBe(false);
    expect(ownerIsGone(`${hostname()}:${process.ppid}:ab12cd34`)).toBe(false);
    expect(ownerIsGone(`other-host:${deadPid()}:ab12cd34`)).toBe(false);
    expect(ownerIsGone('w1')).toBe(false);
    expect(ownerIsGone('host:with:colons:1:ab', 'host:with:colons')).toBe(false);
  });
});
