/** Reading scenario files (YAML or JSON) and orders files from disk for the CLI and the app. */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { AircraftCard } from '../core/aircraft/types.ts';
import { parseScenario, type Scenario } from '../core/scenario.ts';
import { parseOrders } from '../orders/index.ts';
import type { Envelope } from '../orders/ast.ts';
import { TallyhoError } from './errors.ts';
import { loadShipDir } from './ships/catalog.ts';
import { loadFlakTable, loadRocketTable, loadTorpedoTable } from './ordnance/table.ts';
import type { RocketTable } from '../core/ordnance/rocket-table.ts';
import type { FlakTable } from '../core/flak/table.ts';
import type { TorpedoTable } from '../core/ordnance/torpedo-table.ts';
import type { ShipCard } from '../core/units/types.ts';

export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new TallyhoError('E_IO', `cannot read ${path}: ${(e as Error).message}`);
  }
}

export function loadScenarioFile(
  path: string,
  catalog: ReadonlyMap<string, AircraftCard>,
  ships: ReadonlyMap<string, ShipCard> = loadShipDir(),
  torpedoes: TorpedoTable = loadTorpedoTable(),
  flak: FlakTable = loadFlakTable(),
  rockets: RocketTable = loadRocketTable(),
): Scenario {
  const text = readText(path);
  let data: unknown;
  try {
    data = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { merge: true });
  } catch (e) {
    throw new TallyhoError(
      'E_SCENARIO',
      `${path} is not valid ${path.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e as Error).message}`,
    );
  }
  const r = parseScenario(data, basename(path), catalog, ships, torpedoes, flak, rockets);
  if (!r.ok)
    throw new TallyhoError(
      'E_SCENARIO',
      `${path} is not a valid scenario`,
      r.error.map((p) => p.message),
    );
  return r.value;
}

/** Every envelope of every orders file; all syntax errors reported together. */
export function loadOrdersFiles(paths: string[]): Envelope[] {
  const envelopes: Envelope[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    const parsed = parseOrders(readText(path));
    for (const e of parsed.errors) problems.push(`${path}:${e.line}:${e.column}: ${e.message}`);
    envelopes.push(...parsed.envelopes);
  }
  if (problems.length) throw new TallyhoError('E_ORDERS', 'the orders do not parse', problems);
  return envelopes;
}
