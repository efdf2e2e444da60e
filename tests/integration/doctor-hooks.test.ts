/**
 * `tallyho doctor`'s hooks check (src/shell/doctor-hooks.ts, src/shell/hooks/address-policy.ts;
 * docs/gm-guide.md "Before the first game: tallyho doctor"): no hooks passes; every active hook's
 * address is checked as the hooks' sender checks it, and a refused one is named by game, hook,
 * owner and masked address with the sender's reason, exit 1; a name that cannot be looked up warns.
 */
import { describe, expect, it } from 'vitest';
import type { HookFormat } from '../../src/app/ports/club.ts';
import { loadConfig } from '../../src/shell/config.ts';
import { hooksChecks } from '../../src/shell/doctor-hooks.ts';
import { testReferee, startedDuel, type TestReferee } from '../support/app.ts';
import { cli, useCliDatabase } from '../support/cli-in-process.ts';

describe("tallyho doctor: the hooks' addresses", () => {
  const root = process.cwd();
  const { dir, db } = useCliDatabase('tallyho-doctor-hooks-', 'club.sqlite');

  /** Runs `fn` on the test's database from the repository (its test cards), then closes it for the command to read. */
  const onDatabase = (fn: (t: TestReferee) => void) => {
    process.chdir(root);
    const t = testReferee({ path: db });
    try {
      fn(t);
    } finally {
      t.store.close();
      process.chdir(dir);
    }
  };
  const addHook = (t: TestReferee, playerId: string | null, url: string, format: HookFormat = 'json') =>
    t.store.tx((tx) => tx.club.addHook({ gameId: 'duel', playerId, format, url }, t.now()));

  it('passes with no database and with no hooks, and says so', async () => {
    let r = await cli('doctor');
    expect(r.out).toMatch(/^ok {4}hooks {6}no database yet: no hooks$/m);
    expect(r.code).toBe(0);
    onDatabase((t) => startedDuel(t));
    r = await cli('doctor');
    expect(r.out).toMatch(/^ok {4}hooks {6}no hooks: no game sends to a chat$/m);
    expect(r.code).toBe(0);
    const json = JSON.parse((await cli('doctor', '--json')).out) as { checks: { name: string }[] };
    expect(json.checks.map((c) => c.name).at(-1)).toBe('hooks');
  });

  it('names each active hook the sender refuses, in its words; exit 1', async () => {
    onDatabase((t) => {
      addHook(t, 'red', 'http://127.0.0.1:8080/hook');
      addHook(t, 'blue', 'https://localhost/hooks/secret-topic');
      addHook(t, null, 'https://10.1.2.3/api/webhooks/1/secret', 'discord');
      addHook(t, 'green', 'http://93.184.215.14/webhook/secret');
      addHook(t, 'white', 'https://93.184.215.14/webhook/secret');
      const off = addHook(t, 'black', 'https://192.168.1.9/hook');
      t.store.tx((tx) => tx.club.endHook(off, 'off', t.now()));
    });
    const r = await cli('doctor');
    const lines = r.out.split('\n').filter((l) => /^\w+ +hooks /.test(l));
    expect(lines).toEqual([
      "fail  hooks      game duel, hook 2 (blue's), https://localhost/hooks/...: localhost is an address of a private network, which the referee does not call",
      "fail  hooks      game duel, hook 3 (the game's), https://10.1.2.3/api/...: 10.1.2.3 is an address of a private network, which the referee does not call",
      "fail  hooks      game duel, hook 4 (green's), http://93.184.215.14/webhook/...: only https addresses are called (http only on this machine, 127.0.0.1)",
    ]);
    expect(r.out).not.toMatch(/192\.168\.1\.9|secret/);
    expect(r.out).toMatch(/3 failed, \d+ to look at\.\n$/);
    expect(r.code).toBe(1);
  });

  it('looks each host name up as the sender does: a private answer fails, no answer warns', async () => {
    onDatabase((t) =>
      t.store.tx((tx) => {
        for (const h of tx.club.activeHooks('duel')) tx.club.endHook(h.id, 'off', t.now());
        tx.club.addHook(
          { gameId: 'duel', playerId: 'red', format: 'json', url: 'https://chat.example.com/hook' },
          t.now(),
        );
        tx.club.addHook(
          { gameId: 'duel', playerId: 'blue', format: 'ntfy', url: 'https://inside.example.com/topic' },
          t.now(),
        );
        tx.club.addHook(
          { gameId: 'duel', playerId: null, format: 'json', url: 'https://gone.example.com/hook' },
          t.now(),
        );
      }),
    );
    const answers: Record<string, string[]> = {
      'chat.example.com': ['93.184.215.14'],
      'inside.example.com': ['93.184.215.14', '192.168.1.9'],
    };
    const resolve = async (host: string) => {
      const a = answers[host];
      if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return a;
    };
    expect(await hooksChecks(loadConfig(), resolve)).toEqual([
      {
        name: 'hooks',
        verdict: 'fail',
        detail:
          "game duel, hook 8 (blue's), https://inside.example.com/...: inside.example.com is an address of a private network, which the referee does not call",
      },
      {
        name: 'hooks',
        verdict: 'warn',
        detail:
          "game duel, hook 9 (the game's), https://gone.example.com/...: gone.example.com could not be looked up (ENOTFOUND)",
      },
    ]);
    answers['inside.example.com'] = ['93.184.215.15'];
    answers['gone.example.com'] = ['2606:4700::1'];
    expect(await hooksChecks(loadConfig(), resolve)).toEqual([
      { name: 'hooks', verdict: 'ok', detail: '3 active hooks, each address one the referee calls' },
    ]);
  });
});
