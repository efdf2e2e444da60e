/**
 * The aircraft catalogue on disk: data/aircraft/<id>.yaml, one card per type (docs/aircraft.md).
 * Reads and validates every card (src/core/aircraft/schema.ts), derives a card from an input file
 * (src/core/aircraft/derive.ts) and writes a card back out as readable YAML.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, isMap, isScalar, isSeq, visit, type Node } from 'yaml';
import { deriveCard } from '../../core/aircraft/derive.ts';
import { parseCard, parseInput } from '../../core/aircraft/schema.ts';
import type { AircraftCard } from '../../core/aircraft/types.ts';
import type { Problem } from '../../core/result.ts';
import { cliError } from '../errors.ts';
import { loadCardDir, readYaml, shown } from '../data-files.ts';

/** data/aircraft of this installation. */
export const DEFAULT_AIRCRAFT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/aircraft');

function dataError(summary: string, problems: string[]) {
  return cliError('E_AIRCRAFT_DATA', `${summary}\n  ${problems.join('\n  ')}`);
}

const messages = (ps: Problem[]): string[] => ps.map((p) => p.message);

/** Loads every card of a directory, keyed by id (shell/data-files.ts); E_AIRCRAFT_DATA lists every problem. */
export const loadAircraftDir = (dir: string = DEFAULT_AIRCRAFT_DIR): Map<string, AircraftCard> =>
  loadCardDir(dir, { what: 'aircraft', data: 'aircraft data', code: 'E_AIRCRAFT_DATA', parse: parseCard });

/** Derives the full card from an input file (figures and facts; derived fields are ignored). */
export function deriveFromFile(path: string): AircraftCard {
  const name = shown(path);
  const read = readYaml(path, name);
  if (read.problems.length) throw dataError(`${name}: not a valid aircraft input`, read.problems);
  const r = parseInput(read.data, name);
  if (!r.ok) throw dataError(`${name}: not a valid aircraft input`, messages(r.error));
  return deriveCard(r.value);
}

const INPUT_KEYS = [
  'id',
  'name',
  'nation',
  'class',
  'engines',
  'crew',
  'rule29Group',
  'guns',
  'rockets',
  'figures',
] as const;
const DERIVED_KEYS = ['wingLoading', 'ceiling', 'damage', 'bands'] as const;
const FIGURE_KEYS = [
  'topSpeedMph',
  'topSpeedAltFt',
  'seaLevelSpeedMph',
  'climbFtMin',
  'ceilingFt',
  'wingLoadingLbFt2',
  'powerHp',
  'loadedWeightLb',
  'diveLimitMph',
  'bombLoadLb',
  'engineType',
  'lightStructure',
  'armament',
  'sources',
] as const;

/** The card with its fields in the order of a data file. */
function ordered(card: AircraftCard): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of [...INPUT_KEYS, ...DERIVED_KEYS]) if (card[k] !== undefined) out[k] = card[k];
  const figures: Record<string, unknown> = {};
  for (const k of FIGURE_KEYS) if (card.figures[k] !== undefined) figures[k] = card.figures[k];
  out.figures = figures;
  return out;
}

/** Small mappings and lists that read best on one line. */
function flowStyle(node: Node, key: unknown): boolean {
  if (isSeq(node)) return key === 'arc' || key === 'weapons';
  if (!isMap(node)) return false;
  if (key === 'damage' || key === 'loaded' || key === 'rockets') return true;
  return node.items.some((p) => isScalar(p.key) && ['turn', 'type', 'mount'].includes(String(p.key.value)));
}

/** The card as the YAML of a data file: input first, then the derived ratings. */
export function cardToYaml(card: AircraftCard): string {
  const doc = new Document(ordered(card));
  visit(doc, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (pair.value && (isMap(pair.value) || isSeq(pair.value)) && flowStyle(pair.value, key)) pair.value.flow = true;
    },
    Map(_, map) {
      if (flowStyle(map, undefined)) map.flow = true;
    },
  });
  doc.commentBefore =
    ` Aircraft card ${card.id}: ${card.name}. See docs/aircraft.md.\n` +
    ' The input (id to figures) is written by hand; the ratings after it are derived from it and\n' +
    ' must not be edited by hand. After changing the input, re-derive the card with\n' +
    ` tallyho aircraft derive data/aircraft/${card.id}.yaml --out data/aircraft/${card.id}.yaml`;
  if (isMap(doc.contents)) {
    const first = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'wingLoading');
    if (first && isScalar(first.key))
      first.key.commentBefore = ' ---- derived ratings (src/core/aircraft/derive.ts) ----';
  }
  return doc.toString({ lineWidth: 120 });
}
