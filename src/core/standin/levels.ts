/**
 * The stand-in's levels (docs/standin.md "Levels"): what a recruit, a regular and an ace each do
 * when they choose. The seeds grade pilots by their skill in combat (seed 002 9.1: green, average,
 * veteran, ace); how a pilot of each grade plans a turn is left open, so these are the mistakes a
 * referee sees in new players' plots, written as a table:
 *
 * - a recruit flies the plainest plot of each way (no power factor, brake, chosen climb or dive),
 *   thinks a few of them through, expects the enemy to fly on (never his turn in), counts the guns
 *   on its tail at a quarter, looks no further than the end of the turn and picks loosely among
 *   the plots that look good;
 * - a regular flies the plainest plots too, but guesses at the enemy's hardest turns, weighing the
 *   average of them, and minds its tail; it does not look two turns ahead;
 * - an ace plays its best: the whole envelope, every guess, the worst of them counted too, and the
 *   turn after.
 *
 * Every level keeps its planes on the map and out of the ground (the look at the turn after near
 * an edge or low is safety, not skill) and fires every gun at any enemy in its sights.
 */

export const STANDIN_LEVELS = ['recruit', 'regular', 'ace'] as const;
export type StandinLevel = (typeof STANDIN_LEVELS)[number];

export interface LevelTraits {
  /** Each way flown with the power, brake, climb or dive that gives the speed it wants (energy.ts); false: the plainest plot. */
  envelope: boolean;
  /** How many of each enemy's plans it guesses at, of: flying on, the hardest turn each way, the gentlest each way. */
  guesses: number;
  /** The part of a way's exchange of shots that is its worst over the guesses (the rest their average). */
  worstPart: number;
  /** How much hits it is under count against hits it gets (1: as much). */
  watchSix: number;
  /** How much the best place reachable the turn after counts (0: not looked at). */
  ahead: number;
  /** How many of its best-weighed ways it flies as dry runs of the turn (air.ts). */
  dryRuns: number;
  /** The seed picks among the choices within this of the best (weigh.ts pickNearBest). */
  margin: number;
  /** The margin when the nearest enemy is far (air.ts FAR): nothing to hide there, the best is flown. */
  farMargin: number;
  /** In the quick game (seed 004): whether it weighs the enemy's every move (false: he flies on). */
  quickGuesses: boolean;
  /** In the quick game: the margin of pickNearBest. */
  quickMargin: number;
}

export const LEVELS: Record<StandinLevel, LevelTraits> = {
  recruit: {
    envelope: false,
    guesses: 1,
    worstPart: 0,
    watchSix: 0.25,
    ahead: 0,
    dryRuns: 3,
    margin: 6,
    farMargin: 6,
    quickGuesses: false,
    quickMargin: 3,
  },
  regular: {
    envelope: false,
    guesses: 3,
    worstPart: 0,
    watchSix: 1,
    ahead: 0,
    dryRuns: 8,
    margin: 0.75,
    farMargin: 0.1,
    quickGuesses: true,
    quickMargin: 0.5,
  },
  ace: {
    envelope: true,
    guesses: 5,
    worstPart: 0.25,
    watchSix: 1,
    ahead: 0.5,
    dryRuns: 8,
    margin: 0.75,
    farMargin: 0.1,
    quickGuesses: true,
    quickMargin: 0.5,
  },
};

/** The level a stand-in flies at when nobody chose one: its best. */
export const DEFAULT_LEVEL: StandinLevel = 'ace';

/** A level with its article, as the words of mails and the banner say it: "a recruit", "a regular", "an ace". */
export const levelName = (level: StandinLevel): string => (level === 'ace' ? 'an ace' : `a ${level}`);

/** `recruit`, `regular` or `ace`, in any case; otherwise undefined. */
export function parseLevel(text: string): StandinLevel | undefined {
  const t = text.trim().toLowerCase();
  return (STANDIN_LEVELS as readonly string[]).includes(t) ? (t as StandinLevel) : undefined;
}
