/**
 * `tallyho aircraft list|show|derive`: the aircraft data cards (docs/aircraft.md).
 *   list [--json]         every type with its key ratings
 *   show <id> [--json]    one card as players get it by mail, then its historical figures
 *   derive <input.yaml> [--out <file>]
 *                         the full card YAML derived from an input file (figures and facts)
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { AircraftCard, AltitudeBand } from '../../core/aircraft/types.ts';
import { renderCard } from '../../report/card.ts';
import { cardToYaml, DEFAULT_AIRCRAFT_DIR, deriveFromFile, loadAircraftDir } from '../aircraft/catalog.ts';
import { cliError } from '../errors.ts';

/** Key ratings of a card, as listed by `aircraft list`. */
export function summary(c: AircraftCard) {
  const low = c.bands[0] as AltitudeBand;
  return {
    id: c.id,
    name: c.name,
    nation: c.nation,
    class: c.class,
    wingLoading: c.wingLoading,
    ceiling: c.ceiling,
    topLevelSpeed: Math.max(...c.bands.map((b) => b.levelMax)),
    topDiveSpeed: Math.max(...c.bands.map((b) => b.diveMax)),
    lowTurnMode: low.turnModes.maneuver.turn,
    lowClimb: low.climb,
    lowPower: low.power,
    damage: c.damage,
  };
}

const out = (s: string): void => void process.stdout.write(s.endsWith('\n') ? s : `${s}\n`);
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const lpad = (s: string | number, n: number) => String(s).padStart(n);
const ft = (n: number) => n.toLocaleString('en-US');

export function formatList(cards: AircraftCard[]): string {
  const head = `${pad('id', 13)}${pad('name', 40)}${pad('class', 11)}${pad('rule29', 7)}${lpad('ceiling', 8)}${lpad('level', 6)}${lpad('dive', 5)}${lpad('TM', 3)}${lpad('climb', 6)}${lpad('pwr', 4)}  damage`;
  const rows = cards.map((c) => {
    const s = summary(c);
    const d = c.damage;
    return `${pad(s.id, 13)}${pad(s.name.slice(0, 39), 40)}${pad(s.class, 11)}${pad(s.wingLoading, 7)}${lpad(ft(s.ceiling), 8)}${lpad(s.topLevelSpeed, 6)}${lpad(s.topDiveSpeed, 5)}${lpad(s.lowTurnMode, 3)}${lpad(s.lowClimb, 6)}${lpad(s.lowPower, 4)}  C${d.C} L${d.L} E${d.E} W${d.W} F${d.F} G${d.G}`;
  });
  return [head, ...rows].join('\n');
}

/**
 * One card as text: the player's card (src/report/card.ts, at most 78 columns), then the
 * historical figures it is derived from and their sources.
 */
export function formatCard(c: AircraftCard): string {
  const f = c.figures;
  return [
    renderCard(c),
    '',
    'HISTORICAL FIGURES (docs/aircraft.md derives the card from them)',
    `  ${f.topSpeedMph} mph at ${ft(f.topSpeedAltFt)} ft, ${f.seaLevelSpeedMph} mph at sea level, climb ${ft(f.climbFtMin)} ft/min, ` +
      `ceiling ${ft(f.ceilingFt)} ft, ${f.wingLoadingLbFt2} lb/sq ft, ${ft(f.powerHp)} hp, ${ft(f.loadedWeightLb)} lb, dive limit ${f.diveLimitMph} mph` +
      (f.bombLoadLb ? `, bombs ${ft(f.bombLoadLb)} lb` : ''),
    `  armament: ${f.armament}`,
    'sources:',
    ...f.sources.map((s) => `  ${s}`),
  ].join('\n');
}

export function registerAircraftCommands(program: Command): void {
  const aircraft = program
    .command('aircraft')
    .description('the aircraft data cards (data/aircraft, docs/aircraft.md)')
    .option('--dir <dir>', 'directory of the aircraft cards (default: data/aircraft of this installation)');
  const dirOf = (cmd: Command): string => (cmd.parent?.opts() as { dir?: string }).dir ?? DEFAULT_AIRCRAFT_DIR;

  aircraft
    .command('list')
    .description('list every aircraft type with its key ratings')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }, cmd: Command) => {
      const cards = [...loadAircraftDir(dirOf(cmd)).values()];
      out(opts.json ? JSON.stringify(cards.map(summary)) : formatList(cards));
    });

  aircraft
    .command('show <id>')
    .description('show the data card of one aircraft type')
    .option('--json', 'print the card as JSON')
    .action((id: string, opts: { json?: boolean }, cmd: Command) => {
      const cards = loadAircraftDir(dirOf(cmd));
      const card = cards.get(id);
      if (!card) throw cliError('E_NOT_FOUND', `no aircraft '${id}'; known types: ${[...cards.keys()].join(', ')}`);
      out(opts.json ? JSON.stringify(card) : formatCard(card));
    });

  aircraft
    .command('derive <input>')
    .description(
      'print the full card YAML derived from an input file (id, name, nation, class, engines, crew, guns, figures)',
    )
    .option('-o, --out <file>', 'write the card to this file (it may be the input file) instead of printing it')
    .action((input: string, opts: { out?: string }) => {
      const yaml = cardToYaml(deriveFromFile(input));
      if (!opts.out) {
        out(yaml);
        return;
      }
      try {
        writeFileSync(opts.out, yaml);
      } catch (e) {
        throw cliError(
          'E_IO',
          `${opts.out}: cannot write the card (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
        );
      }
    });
}
