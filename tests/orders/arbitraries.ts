/** fast-check generators of well-formed orders (what formatOrders can write). */
import fc from 'fast-check';
import {
  MANOEUVRES,
  MOVE_STEPS,
  TARGET_WORDS,
  type Box,
  type Command,
  type Envelope,
  type FireOrder,
  type MoveOrder,
  type PlanPick,
  type Plot,
} from '../../src/orders/index.ts';

const SECRET_CHARS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !#$%&()*+,-./:;<=>?@[]^_{|}~\\'`",
  'é',
  'ß',
  'Ж',
  '日',
];

export const gameId = fc.stringMatching(/^[a-z0-9_-]{1,32}$/);
/** A plane id as the parser reads it; never a word that a fire order reads in a target's place. */
export const planeId = fc.stringMatching(/^[A-Z0-9_-]{1,16}$/).filter((id) => !TARGET_WORDS.has(id));
export const secret = fc
  .string({ unit: fc.constantFrom(...SECRET_CHARS), minLength: 1, maxLength: 40 })
  .map((s) => s.replace(/ +/g, ' ').trim())
  .filter((s) => s.length > 0);

export const box: fc.Arbitrary<Box> = fc.record({
  man: fc.constantFrom(...MANOEUVRES),
  alt: fc.integer({ min: -50, max: 50 }).map((n) => (n === 0 ? 0 : n * 100)),
  power: fc.integer({ min: 0, max: 4 }),
  brake: fc.integer({ min: 0, max: 4 }),
});

export const plot: fc.Arbitrary<Plot> = fc
  .record({
    plane: planeId,
    mode: fc.option(fc.constantFrom('SC' as const, 'SD' as const, 'VD' as const), { nil: undefined }),
    bomb: fc.boolean(),
    jettison: fc.boolean(),
    boxes: fc.array(box, { minLength: 1, maxLength: 40 }),
  })
  .map(({ mode, jettison, ...p }) => ({ ...p, ...(mode ? { mode } : {}), ...(jettison ? { jettison } : {}) }));

export const moveOrder: fc.Arbitrary<MoveOrder> = fc
  .record({
    unit: planeId,
    steps: fc.array(fc.constantFrom(...MOVE_STEPS), { maxLength: 6 }),
    knots: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
  })
  .filter((m) => m.steps.length > 0 || m.knots !== undefined)
  .map(({ knots, ...m }) => ({ ...m, ...(knots !== undefined ? { knots } : {}) }));

const gunGroup = fc.oneof(
  fc.constantFrom('FIXED', 'FLEX', 'ALL'),
  fc.stringMatching(/^[A-Z0-9]{1,16}$/).filter((g) => !['AT', 'FROM', 'WITHIN', 'AUTO'].includes(g)),
);

export const fireOrder: fc.Arbitrary<FireOrder> = fc.oneof(
  fc.record({ plane: planeId, guns: gunGroup }).map((f) => ({ ...f, hold: true, target: 'ANY' })),
  fc
    .record({
      plane: planeId,
      guns: gunGroup,
      target: fc.oneof(fc.constant('ANY'), planeId),
      from: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      within: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
    })
    .map(({ from, within, ...f }) => ({
      ...f,
      hold: false,
      ...(from !== undefined ? { from } : {}),
      ...(within !== undefined ? { within } : {}),
    })),
);

const int = fc.integer({ min: 0, max: 999999 }).map(String);
export const command: fc.Arbitrary<Command> = fc.oneof(
  fc.constantFrom('HELP', 'STATUS', 'MAP').map((name) => ({ name, args: [] as string[], line: 0 })),
  fc.array(int, { maxLength: 1 }).map((args) => ({ name: 'RESEND', args, line: 0 })),
  fc.array(int, { maxLength: 2 }).map((args) => ({ name: 'HISTORY', args, line: 0 })),
  fc
    .array(fc.constantFrom('R1', 'g12', 'spitfire-1a', 'BF-109E'), { maxLength: 1 })
    .map((args) => ({ name: 'CARD', args, line: 0 })),
  fc.constantFrom('WAIT', 'NOWAIT').map((name) => ({ name, args: [] as string[], line: 0 })),
  fc
    .constantFrom('Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5')
    .map((z) => ({ name: 'ZONE', args: [z], line: 0 })),
  fc
    .array(fc.constantFrom('please', 'I fly the Spitfire; any side will do', 'Ann, from the club'), { maxLength: 1 })
    .map((args) => ({ name: 'JOIN', args, line: 0 })),
);

/** `R1 PLAN C` (orders/pick.ts). */
export const pick: fc.Arbitrary<PlanPick> = fc.record({
  plane: planeId,
  letter: fc.constantFrom(...'ABCDEFGH'),
  line: fc.constant(0),
});

export const envelope: fc.Arbitrary<Envelope> = fc
  .record({
    game: gameId,
    player: gameId,
    secret,
    turn: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: undefined }),
    initiative: fc.option(fc.constantFrom<'first' | 'last'>('first', 'last'), { nil: undefined }),
    plots: fc.uniqueArray(plot, { selector: (p) => p.plane, maxLength: 4 }),
    picks: fc.uniqueArray(pick, { selector: (p) => p.plane, maxLength: 3 }),
    fire: fc.array(fireOrder, { maxLength: 3 }),
    moves: fc.uniqueArray(moveOrder, { selector: (m) => m.unit, maxLength: 3 }),
    commands: fc.array(command, { maxLength: 3 }),
  })
  .map(({ turn, initiative, moves, picks, ...e }) => {
    // One plot or pick a plane.
    const own = picks.filter((k) => !e.plots.some((p) => p.plane === k.plane));
    return {
      ...e,
      ...(turn !== undefined ? { turn } : {}),
      ...(initiative ? { initiative } : {}),
      ...(own.length ? { picks: own } : {}),
      ...(moves.length ? { moves } : {}),
      line: 0,
    };
  });

export const envelopes = fc.array(envelope, { maxLength: 5 });

/** Envelopes without their line numbers, for comparing what was read. */
export function withoutLines(envs: readonly Envelope[]): Envelope[] {
  return envs.map(({ unread: _unread, ...e }) => ({
    ...e,
    line: 0,
    commands: e.commands.map((c) => ({ ...c, line: 0 })),
    ...(e.picks ? { picks: e.picks.map((k) => ({ ...k, line: 0 })) } : {}),
  }));
}
