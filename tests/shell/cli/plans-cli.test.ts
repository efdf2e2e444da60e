/**
 * `tallyho plans` (docs/cli.md): every way each plane of a scenario can fly, as text and JSON; a
 * sample of the listed plots, flown by `tallyho resolve`, ends exactly where listed. The commands
 * run in this process (tests/support/cli-in-process.ts); the refusal of an unknown plane is also
 * spawned, as a user runs the command, for its exit code and standard error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../support/cli-in-process.ts';

/** `tallyho <args>` in this process: its exit code as `status`, its output as `stdout` and `stderr`. */
const run = async (...args: string[]) => {
  const r = await cli(...args);
  return { status: r.code, stdout: r.out, stderr: r.err };
};

interface Outcome {
  hex: string;
  facing: number;
  altitude: number;
  speed: number;
  bank: string;
  carry: string[];
  status?: string;
  plot: string;
  variants?: { altitude: number; speed: number; plot: string }[];
}
interface Listing {
  planes: { plane: string; side: string; outcomes: Outcome[] }[];
}

describe('tallyho plans', () => {
  it('lists dozens of ways for each plane of the duel, and the plots listed fly, by tallyho resolve, to where they are listed', async () => {
    const r = await run('plans', 'scenarios/duel.yaml', '--json');
    expect(r.status, r.stderr).toBe(0);
    const listing = JSON.parse(r.stdout) as Listing;
    expect(listing.planes.map((p) => [p.plane, p.side])).toEqual([
      ['R1', 'raf'],
      ['G1', 'lw'],
    ]);
    for (const p of listing.planes) expect(p.outcomes.length).toBeGreaterThan(24);
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-plans-'));
    // Ten outcomes of each plane spread over its list, the two planes' flown together a turn at a time.
    const [r1, g1] = listing.planes.map((p) =>
      p.outcomes.filter((_, i) => i % Math.ceil(p.outcomes.length / 10) === 0),
    ) as [Outcome[], Outcome[]];
    for (let i = 0; i < Math.max(r1.length, g1.length); i++) {
      const a = r1[i % r1.length] as Outcome;
      const b = g1[i % g1.length] as Outcome;
      const file = join(dir, `orders-${i}.txt`);
      writeFileSync(file, `#TALLYHO duel raf "x"\nR1: ${a.plot}\n#END\n#TALLYHO duel lw "y"\nG1: ${b.plot}\n#END\n`);
      const flown = await run('resolve', 'scenarios/duel.yaml', file, '--json');
      expect(flown.status, `${a.plot} / ${b.plot}: ${flown.stderr}`).toBe(0);
      const planes = (
        JSON.parse(flown.stdout) as { planes: { id: string; final: Record<string, unknown>; carry: string[] }[] }
      ).planes;
      for (const [id, o] of [
        ['R1', a],
        ['G1', b],
      ] as const) {
        const got = planes.find((p) => p.id === id)!;
        expect({ ...got.final, carry: got.carry }, `${id}: ${o.plot}`).toEqual({
          hex: o.hex,
          facing: o.facing,
          altitude: o.altitude,
          speed: o.speed,
          bank: o.bank,
          status: o.status ?? 'flying',
          carry: o.carry,
        });
      }
      // A variant of each, its own height and speed: the highest and fastest of the way, and one between.
      const va = (a.variants ?? [])[Math.floor(((a.variants ?? []).length * i) / 10)];
      const vb = (b.variants ?? []).at(-1 - i);
      expect(va && vb, `${a.plot} / ${b.plot}: variants listed`).toBeTruthy();
      if (!va || !vb) continue;
      writeFileSync(file, `#TALLYHO duel raf "x"\nR1: ${va.plot}\n#END\n#TALLYHO duel lw "y"\nG1: ${vb.plot}\n#END\n`);
      const varied = await run('resolve', 'scenarios/duel.yaml', file, '--json');
      expect(varied.status, `${va.plot} / ${vb.plot}: ${varied.stderr}`).toBe(0);
      const vplanes = (JSON.parse(varied.stdout) as { planes: { id: string; final: Record<string, unknown> }[] })
        .planes;
      for (const [id, o, v] of [
        ['R1', a, va],
        ['G1', b, vb],
      ] as const) {
        const got = vplanes.find((p) => p.id === id)!.final;
        expect([got.hex, got.facing, got.bank, got.altitude, got.speed], `${id}: ${v.plot}`).toEqual([
          o.hex,
          o.facing,
          o.bank,
          v.altitude,
          v.speed,
        ]);
      }
    }
  }, 180_000);

  it('prints the menus of the mails (--menu), and tallyho resolve flies a plan picked by letter where its menu says', async () => {
    const text = await run('plans', 'scenarios/duel.yaml', '--menu');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('Pick a plan: write R1 PLAN C');
    expect(text.stdout).toMatch(/^ A 1 1 1 1 1 1 +1214 +12 12,000 +6\.0 +straight on/m);
    for (const line of text.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    const r = await run('plans', 'scenarios/duel.yaml', '--menu', '--json');
    expect(r.status, r.stderr).toBe(0);
    const menus = (
      JSON.parse(r.stdout) as { planes: { plane: string; menu: (Outcome & { letter: string; names: string[] })[] }[] }
    ).planes;
    expect(menus.map((p) => p.plane)).toEqual(['R1', 'G1']);
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-menu-'));
    const [r1, g1] = menus.map((p) => p.menu) as [
      (Outcome & { letter: string; names: string[] })[],
      (Outcome & { letter: string; names: string[] })[],
    ];
    expect(r1.length).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < Math.max(r1.length, g1.length); i++) {
      const a = r1[i % r1.length]!;
      const b = g1[i % g1.length]!;
      const file = join(dir, `picks-${i}.txt`);
      writeFileSync(
        file,
        `#TALLYHO duel raf "x"\nR1 PLAN ${a.letter}\n#END\n#TALLYHO duel lw "y"\nPLAN G1 ${b.letter}\n#END\n`,
      );
      const flown = await run('resolve', 'scenarios/duel.yaml', file, '--json');
      expect(flown.status, flown.stderr).toBe(0);
      const planes = (JSON.parse(flown.stdout) as { planes: { id: string; final: Record<string, unknown> }[] }).planes;
      for (const [id, o] of [
        ['R1', a],
        ['G1', b],
      ] as const) {
        const got = planes.find((p) => p.id === id)!.final;
        expect([got.hex, got.facing, got.altitude, got.speed], `${id} PLAN ${o.letter}`).toEqual([
          o.hex,
          o.facing,
          o.altitude,
          o.speed,
        ]);
      }
    }
    // A letter the menu does not have is refused, with where to see the menu (K1 of the scramble has five plans).
    const file = join(dir, 'bad.txt');
    writeFileSync(file, '#TALLYHO airfield-scramble lw "y"\nK1 PLAN H\n#END\n');
    const bad = await run('resolve', 'scenarios/airfield-scramble.yaml', file);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("K1 PLAN H (lw, line 2): K1's menu has plans A to E");
  }, 120_000);

  it("prints a table for one plane, refuses an unknown plane with the scenario's planes, and lists a quick game's moves", async () => {
    const r = await run('plans', 'scenarios/duel.yaml', '--plane', 'g1');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^G1 \(lw, bf-109e\) at 1606 facing 6, 12,500 ft, speed 6\.5, bank N: \d+ ways to fly$/m);
    expect(r.stdout).toMatch(/^ {2}1612 +6 {2}N +12,500 +6\.5 {2}10,800-12,900 5\.7-7\.9 {2}- +1 1 1 1 1 1$/m);
    expect(r.stdout).not.toMatch(/^R1 /m);
    // Spawned, as a user runs it: the real command's exit code and standard error.
    const unknown = spawnSync('node', ['bin/tallyho.js', 'plans', 'scenarios/duel.yaml', '--plane', 'X9'], {
      encoding: 'utf8',
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/there is no plane X9 in scenarios\/duel\.yaml\n {2}its planes: R1, G1/);
    const quick = await run('plans', 'scenarios/quick-duel.yaml', '--plane', 's1');
    expect(quick.status, quick.stderr).toBe(0);
    expect(quick.stdout).toMatch(
      /^S1 \(raf, Spitfire I\) at 1015 facing 12 \(N\), SPEED 3, ENGINE 4: \d+ ways to move$/m,
    );
    expect(quick.stdout).toMatch(/^ {2}1012 +12 \(N\) +3 {2}3$/m);
    const quickJson = JSON.parse((await run('plans', 'scenarios/quick-duel.yaml', '--json')).stdout) as Listing;
    expect(quickJson.planes.map((p) => p.plane)).toEqual(['S1', 'M1']);
  });

  it('lists a plane on the ground by its MOVE lines', async () => {
    const r = await run('plans', 'scenarios/airfield-scramble.yaml', '--plane', 'H2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^H2 \(raf, hurricane-1\) on the ground at 1419 facing 0, speed 0, engine off: 8 MOVE lines$/m,
    );
    expect(r.stdout).toMatch(/^ {2}\(none\) +\(no MOVE line\) stays where it is$/m);
    expect(r.stdout).toMatch(
      /^ {2}MOVE H2 START R +tries to start its engine in impulse 7 \(a die decides\).*; if it starts, turns 1 hexside right in impulse 7$/m,
    );
    const json = JSON.parse(
      (await run('plans', 'scenarios/carrier-strike.yaml', '--plane', 'Z3', '--json')).stdout,
    ) as {
      planes: { outcomes: unknown[]; moves: { move: string | null }[] }[];
    };
    expect(json.planes[0]!.outcomes).toEqual([]);
    expect(json.planes[0]!.moves.map((m) => m.move)).toEqual([null, 'MOVE Z3 LAUNCH']);
  });
});
