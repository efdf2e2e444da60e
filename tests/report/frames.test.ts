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
});
