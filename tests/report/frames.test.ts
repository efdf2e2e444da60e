import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/core/scenario.ts';
import { resolveTurn } from '../../src/core/turn.ts';
import { hexLabel } from '../../src/core/hex/coords.ts';
import { replayFrames } from '../../src/report/frames.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadOrdersFiles, loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { collectOrders } from '../../src/shell/cli/resolve.ts';

describe('replay frames', () => {
  it('start at the initial positions and end at the resolved ones', () => {
    const catalog = loadAircraftDir();
    for (const name of ['duel', 'two-v-two', 'bomber-interception']) {
      const state = createGame(loadScenarioFile(`scenarios/${name}.yaml`, catalog), catalog, 'x');
      const r = resolveTurn(state, collectOrders(loadOrdersFiles([`scenarios/${name}.orders.txt`])));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const frames = replayFrames(state, r.value.events);
      expect(frames.length).toBe(13);
      for (const p of state.planes) expect(frames[0]!.find((f) => f.id === p.id)!.hex).toBe(hexLabel(p.hex));
      for (const p of r.value.state.planes) {
        const last = frames[12]!.find((f) => f.id === p.id)!;
        expect(last).toMatchObject({ hex: hexLabel(p.hex), facing: p.facing, altitude: p.altitude, bank: p.bank });
      }
    }
  });

  it('in a two-phase turn have one frame for each impulse through the turn, impulse zeros included', () => {
    const catalog = loadAircraftDir();
    const state = createGame(loadScenarioFile('scenarios/two-phase-pass.yaml', catalog), catalog, 'x');
    const r = resolveTurn(state, collectOrders(loadOrdersFiles(['scenarios/two-phase-pass.orders.txt']), state));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const seq = r.value.events.find((e) => e.type === 'sequence');
    expect(seq?.type === 'sequence' && seq.end).toBe(29);
    const frames = replayFrames(state, r.value.events);
    expect(frames.length).toBe(29);
    for (const p of r.value.state.planes) expect(frames[28]!.find((f) => f.id === p.id)!.hex).toBe(hexLabel(p.hex));
    // Only the plane moving changes hex from one frame to the next.
    for (let i = 1; i < frames.length; i++) {
      const changed = frames[i]!.filter((f) => frames[i - 1]!.find((g) => g.id === f.id)!.hex !== f.hex).map(
        (f) => f.id,
      );
      expect(changed.length).toBeLessThanOrEqual(1);
    }
  });
});
