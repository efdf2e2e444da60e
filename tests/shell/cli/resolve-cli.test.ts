/**
 * `tallyho resolve` on the sample scenarios and on broken ones (docs/cli.md), run in this process
 * (tests/support/cli-in-process.ts); the refusal of illegal orders is also spawned, as a user runs
 * the command, for its exit code and output.
 */
import { quickOrdersFrom } from '../../../src/shell/quick.ts';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../support/cli-in-process.ts';

/** `tallyho <args>` in this process: its exit code as `status`, its output as `stdout` and `stderr`. */
const run = async (...args: string[]) => {
  const r = await cli(...args);
  return { status: r.code, stdout: r.out, stderr: r.err };
};

describe('tallyho resolve on the sample scenarios', () => {
  type Ev = { type: string; plane: string; impulse: number; phase: string; method?: string; target?: string };
  const events = async (name: string): Promise<Ev[]> =>
    JSON.parse((await run('resolve', `scenarios/${name}.yaml`, `scenarios/${name}.orders.txt`, '--json')).stdout)
      .events;

  it('carrier-strike shows its rules at work: ships in impulse 7, dive bombing, torpedo runs', async () => {
    const ev = await events('carrier-strike');
    expect(ev.filter((e) => e.type === 'unit-turn').map((e) => [e.plane, e.impulse, e.phase])).toEqual([
      ['CV1', 7, 'B'],
    ]);
    expect(ev.filter((e) => e.type === 'ship-speed').map((e) => e.plane)).toEqual(['CV1', 'BB1']);
    expect(ev.filter((e) => e.type === 'bomb').map((e) => [e.plane, e.method, e.impulse])).toEqual([
      ['D1', 'dive', 12],
      ['D2', 'dive', 12],
    ]);
    expect(ev.filter((e) => e.type === 'torpedo-drop').map((e) => e.plane)).toEqual(['T1', 'T2']);
    expect(ev.filter((e) => e.type === 'torpedo-run').map((e) => e.plane)).toEqual(['T1T', 'T2T']);
    // Flak: every ship with guns fires in impulses 4, 8 and 12 only, at the attackers in reach.
    const flak = ev.filter((e) => e.type === 'flak');
    expect(new Set(flak.map((e) => e.impulse))).toEqual(new Set([4, 8, 12]));
    expect(new Set(flak.map((e) => e.plane))).toEqual(new Set(['CV1', 'BB1', 'DD1']));
    expect(new Set(flak.map((e) => e.target))).toEqual(new Set(['D1', 'D2', 'T1', 'T2']));
  });

  it('road-convoy shows its rules at work: trucks in impulses 4 and 9, tanks in 7, bombs by every method', async () => {
    const ev = await events('road-convoy');
    const moved = (id: string) =>
      ev.filter((e) => e.plane === id && (e.type === 'unit-move' || e.type === 'unit-turn')).map((e) => e.impulse);
    expect(moved('T1')).toEqual([4, 9]);
    expect(moved('T4')).toEqual([9]);
    expect(moved('K1')).toEqual([7]);
    expect(moved('K2')).toEqual([7, 7]);
    expect(ev.filter((e) => e.type === 'bomb').map((e) => [e.plane, e.method])).toEqual([
      ['J1', 'dive'],
      ['J2', 'glide'],
      ['H1', 'level'],
    ]);
    // The towed Bofors fire in the volley impulses at the Luftwaffe's planes in reach.
    const flak = ev.filter((e) => e.type === 'flak');
    expect(flak.length).toBeGreaterThan(0);
    for (const e of flak) expect([4, 8, 12]).toContain(e.impulse);
    expect(new Set(flak.map((e) => e.plane))).toEqual(new Set(['AA1', 'AA2']));
    // Fog of war: the sides sight each other within two hexes, in phase A.
    const spots = ev.filter((e) => e.type === 'spot');
    expect(spots.length).toBeGreaterThan(0);
    for (const e of spots) expect(e.phase).toBe('A');
  });

  it('airfield-scramble shows its rules at work: an engine start, a take-off, spotting rolls, flak, level bombing', async () => {
    const ev = await events('airfield-scramble');
    expect(ev.filter((e) => e.type === 'engine-start').map((e) => [e.plane, e.impulse, e.phase])).toEqual([
      ['H2', 7, 'A'],
    ]);
    expect(ev.filter((e) => e.type === 'taxi').map((e) => [e.plane, e.impulse])).toEqual([
      ['H1', 5],
      ['H1', 10],
    ]);
    expect(ev.filter((e) => e.type === 'takeoff').map((e) => e.plane)).toEqual(['H1']);
    const rolls = ev.filter((e) => e.type === 'spot' && (e as Ev & { how: string }).how === 'roll');
    expect(rolls.length).toBeGreaterThan(0);
    for (const e of rolls) expect(e.impulse).toBe(7);
    expect(ev.filter((e) => e.type === 'flak').length).toBeGreaterThan(0);
    expect(ev.filter((e) => e.type === 'bomb').map((e) => [e.plane, e.method])).toEqual([
      ['K1', 'level'],
      ['K2', 'level'],
    ]);
  });

  it('two-phase-pass plays the two-phase sequence (seed 003): the roll for the tie, fastest first, half the hexes, then the rest', async () => {
    const ev = (await events('two-phase-pass')) as (Ev & {
      speed?: number;
      winner?: string;
      choice?: string;
      order?: { plane: string; first: number; second: number }[];
      phases?: { first: number; zero: number }[];
      end?: number;
    })[];
    const tie = ev.find((e) => e.type === 'initiative');
    expect(tie).toMatchObject({ impulse: 0, speed: 7 });
    const seq = ev.find((e) => e.type === 'sequence');
    // The Spitfires and the 109 at 7 (3 + 4 hexes), in the order the roll gave; the Heinkel at 5 last (2 + 3).
    expect(seq?.order?.map((o) => [o.plane, o.first, o.second]).slice(-1)).toEqual([['K1', 2, 3]]);
    const winner = tie?.winner === 'raf' ? ['S1', 'S2'] : ['M1'];
    const firstUp = tie?.choice === 'first' ? winner[0] : seq?.order?.[0]?.plane;
    expect(seq?.order?.[0]?.plane).toBe(firstUp);
    expect(seq?.phases).toEqual([
      { first: 1, zero: 12 },
      { first: 13, zero: 28 },
    ]);
    expect(seq?.end).toBe(29);
    // Every plane moves its hexes in a block of consecutive impulses in each phase, in the order.
    const moves = ev.filter((e) => e.type === 'move');
    const movers = moves.map((e) => e.plane).filter((p, i, a) => p !== a[i - 1]);
    const order = seq?.order?.map((o) => o.plane) ?? [];
    expect(movers).toEqual([...order, ...order]);
    // The moving plane fires at anything; a plane not moving fires only at the one moving.
    for (const s of ev.filter((e) => e.type === 'shot') as (Ev & { firer: string })[]) {
      const mover = moves.find((m) => m.impulse === s.impulse)?.plane;
      if (s.firer !== mover) expect(s.target).toBe(mover);
    }
    const text = (await run('resolve', 'scenarios/two-phase-pass.yaml', 'scenarios/two-phase-pass.orders.txt')).stdout;
    expect(text).toMatch(/Initiative at speed 7 \(a d6 a side\)/);
    expect(text).toMatch(/FIRST PHASE/);
    expect(text).toMatch(/SECOND PHASE/);
  });

  it("stuka-escort rates its pilots (seed 002 section 9): the crack shot's +1 is in his dice line", async () => {
    const ev = (await events('stuka-escort')) as (Ev & { firer?: string; pilot?: { drm: number; why: string[] } })[];
    const e1 = ev.find((e) => e.type === 'shot' && e.firer === 'E1');
    expect(e1?.pilot).toEqual({ drm: 1, why: ['+1 crack shot'] });
    expect((await run('resolve', 'scenarios/stuka-escort.yaml', 'scenarios/stuka-escort.orders.txt')).stdout).toContain(
      '+1 crack shot',
    );
  });

  it("carrier-strike launches the Zero on Hiryu's deck in impulse 7, after she turns", async () => {
    const ev = await events('carrier-strike');
    expect(ev.filter((e) => e.type === 'launch').map((e) => [e.plane, e.impulse, e.phase])).toEqual([['Z3', 7, 'B']]);
  });

  it('the quick game (seed 004) resolves its own scenarios, in words and in JSON', async () => {
    for (const name of ['quick-duel', 'quick-bombers']) {
      const text = await run('resolve', `scenarios/${name}.yaml`, `scenarios/${name}.orders.txt`);
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toMatch(/\(quick game\) - turn 1 resolved/);
      expect(text.stdout).toMatch(/Initiative: /);
      for (const line of text.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
      const out = JSON.parse(
        (await run('resolve', `scenarios/${name}.yaml`, `scenarios/${name}.orders.txt`, '--json')).stdout,
      );
      expect(out.ruleset).toBe('quick');
      const moves = out.events.filter((e: { type: string }) => e.type === 'move');
      expect(moves.length).toBe(out.planes.length);
      for (const p of out.planes)
        expect(moves.find((m: { plane: string; to: string }) => m.plane === p.id).to).toBe(p.final.hex);
    }
    // The seed's own example order, 2L1, read and flown.
    const dir = mkdtempSync(join(tmpdir(), 'quick-'));
    writeFileSync(join(dir, 'o.txt'), 'S1: 2L1\nM1: 3\n');
    const ev = JSON.parse(
      (await run('resolve', 'scenarios/quick-duel.yaml', join(dir, 'o.txt'), '--json')).stdout,
    ).events;
    expect(ev[0]).toMatchObject({ type: 'move', plane: 'S1', from: '1015', to: '1012', facing: 11, speed: 4 });
    // FIRE ... AT ANY names no target: it flies as no FIRE line does, never as a target named ANY.
    writeFileSync(join(dir, 'any.txt'), 'S1: 2L1\nM1: 3\nFIRE S1 F AT ANY\n');
    expect(
      JSON.parse((await run('resolve', 'scenarios/quick-duel.yaml', join(dir, 'any.txt'), '--json')).stdout).events,
    ).toEqual(ev);
    expect(quickOrdersFrom(['FIRE S1 F AT ANY\nFIRE S1 L AT M1\n']).targets).toEqual({ S1: { L: 'M1' } });
    // A quick scenario makes a game to play by mail.
    const saved = process.env.DATABASE_PATH;
    process.env.DATABASE_PATH = join(dir, 'db.sqlite');
    const created = await run('game', 'create', 'scenarios/quick-duel.yaml', '--id', 'qd').finally(() => {
      if (saved === undefined) delete process.env.DATABASE_PATH;
      else process.env.DATABASE_PATH = saved;
    });
    expect(created.stderr).not.toMatch(/tallyho: [^d]/);
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Game qd created: Quick duel (the quick game, docs/quick.md)');
    expect(created.stdout).toMatch(/S1 +Spitfire/);
  });

  for (const name of [
    'duel',
    'two-v-two',
    'bomber-interception',
    'carrier-strike',
    'road-convoy',
    'airfield-scramble',
    'two-phase-pass',
    'stuka-escort',
  ]) {
    it(`${name}: readable map and log, valid JSON`, async () => {
      const text = await run('resolve', `scenarios/${name}.yaml`, `scenarios/${name}.orders.txt`);
      expect(text.stderr).not.toMatch(/tallyho:/);
      expect(text.status).toBe(0);
      expect(text.stdout).toMatch(/turn 1 resolved/);
      expect(text.stdout).toMatch(/Impulse 3/);
      expect(text.stdout).toMatch(/End of turn/);
      for (const line of text.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
      const json = await run('resolve', `scenarios/${name}.yaml`, `scenarios/${name}.orders.txt`, '--json');
      expect(json.status).toBe(0);
      const out = JSON.parse(json.stdout);
      expect(out.turn).toBe(1);
      for (const p of out.planes) {
        expect(p).toMatchObject({ id: expect.any(String), side: expect.any(String) });
        expect(p.initial.hex).toMatch(/^\d{4}$/);
        expect(p.final).toMatchObject({
          facing: expect.any(Number),
          altitude: expect.any(Number),
          speed: expect.any(Number),
          bank: expect.any(String),
        });
        // A plane on the ground or launched this turn makes no plotted move (docs/ground.md).
        if (
          out.events.some(
            (e: { type: string; plane: string }) =>
              e.plane === p.id && ['launch', 'taxi', 'engine-start', 'takeoff'].includes(e.type),
          )
        )
          continue;
        const moves = out.events.filter((e: { type: string; plane: string }) => e.type === 'move' && e.plane === p.id);
        expect(moves.length).toBeGreaterThan(0);
        expect(moves[0].from).toBe(p.initial.hex);
        expect(moves[moves.length - 1].to).toBe(p.final.hex);
        for (let i = 1; i < moves.length; i++) expect(moves[i].from).toBe(moves[i - 1].to);
      }
      for (const e of out.events)
        expect(e).toMatchObject({ impulse: expect.any(Number), type: expect.any(String), plane: expect.any(String) });
    });
  }

  it('emits a no-shot event for each FIRE order that did not fire, and says why in the text', async () => {
    // The duel's sample orders: G1 fires at R1 in impulse 10; R1 (FIXED AT G1 WITHIN 4) never does.
    const out = JSON.parse((await run('resolve', 'scenarios/duel.yaml', 'scenarios/duel.orders.txt', '--json')).stdout);
    const noShots = out.events.filter((e: { type: string }) => e.type === 'no-shot');
    expect(noShots).toEqual([
      {
        impulse: 12,
        phase: 'D',
        plane: 'R1',
        type: 'no-shot',
        guns: 'FIXED',
        at: 'G1',
        within: 4,
        reason: 'beyond-within',
        reasons: ['beyond-within', 'outside-cone'],
        target: 'G1',
        range: 5,
        hexes: 4,
        altitudeDiff: 800,
        clock: 10,
        by: 2,
      },
    ]);
    expect(out.events.at(-1).type).toBe('no-shot');
    expect(out.events.some((e: { type: string; firer?: string }) => e.type === 'shot' && e.firer === 'G1')).toBe(true);
    const text = (await run('resolve', 'scenarios/duel.yaml', 'scenarios/duel.orders.txt')).stdout;
    // Impulse 12 is the closest chance: R1's banked forwards box loses 100 ft, which does not put
    // its nose down (seed 000 X.E.1.f), so only the range and the cone stop it.
    expect(text).toContain(
      "Fire orders that did not fire\n- FIRE R1 FIXED AT G1 WITHIN 4: no shot - closest chance in impulse 12, range\n  5 (4 hexes, 800 ft apart), G1 at R1's 10 o'clock: beyond WITHIN 4; outside\n  the cone by 2 hexes\n",
    );
  });

  it('is repeatable and the seed is printed', async () => {
    const a = JSON.parse((await run('resolve', 'scenarios/duel.yaml', 'scenarios/duel.orders.txt', '--json')).stdout);
    const b = JSON.parse(
      (await run('resolve', 'scenarios/duel.yaml', 'scenarios/duel.orders.txt', '--json', '--seed', a.seed)).stdout,
    );
    expect(b).toEqual(a);
  });

  it('reports every illegal order in player terms and moves nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'th-'));
    const f = join(dir, 'bad.txt');
    writeFileSync(f, '#TALLYHO duel raf x\nR1: TR 1 1 1 1 1\n#END\n#TALLYHO duel lw y\nG1: 1P 1P 1P 1P 1P 1P\n#END\n');
    // Spawned, as a user runs it: the real command's exit code and output.
    const r = spawnSync('node', ['bin/tallyho.js', 'resolve', 'scenarios/duel.yaml', f], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/nothing was moved/);
    expect(r.stderr).toMatch(/R1 box 1: .*turn mode/);
    expect(r.stderr).toMatch(/G1: .*power/);
    expect(r.stdout).toBe('');
  });

  it('names the field of a broken scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'th-'));
    const f = join(dir, 'bad.yaml');
    writeFileSync(
      f,
      'name: x\nmap: { width: 20, height: 20 }\nsides: { a: { name: A } }\nplanes:\n  - { id: A1, side: b, type: zeppelin, hex: "3030", facing: 13, altitude: 10000, speed: 5 }\n',
    );
    const r = await run('resolve', f);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/planes\[0\]\.facing/);
    const f2 = join(dir, 'bad2.yaml');
    writeFileSync(
      f2,
      'name: x\nmap: { width: 20, height: 20 }\nsides: { a: { name: A } }\nplanes:\n  - { id: A1, side: b, type: zeppelin, hex: "3030", facing: 1, altitude: 10000, speed: 5 }\n',
    );
    const r2 = await run('resolve', f2);
    expect(r2.stderr).toMatch(/no side 'b'/);
    expect(r2.stderr).toMatch(/no aircraft 'zeppelin'/);
    expect(r2.stderr).toMatch(/3030 is off the 20x20 map/);
  });

  it('refuses a plane id that a fire order would read as a target word', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'th-'));
    const f = join(dir, 'any.yaml');
    writeFileSync(
      f,
      'name: x\nmap: { width: 20, height: 20 }\nsides: { a: { name: A } }\nplanes:\n  - { id: ANY, side: a, type: spitfire-1a, hex: "1010", facing: 0, altitude: 10000, speed: 5 }\n',
    );
    const r = await run('resolve', f);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/planes\[0\]\.id: a plane id may not be ANY, AT, FROM, WITHIN, AUTO/);
  });
});
