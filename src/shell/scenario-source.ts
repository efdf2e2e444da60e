/**
 * The scenarios a game master may create a game from by mail (CREATE <name>): the files
 * scenarios/<name>.yaml of the installation, by bare name only (no paths), with the aircraft cards.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, type ScenarioSource } from '../app/ports/deps.ts';
import { loadAircraftDir } from './aircraft/catalog.ts';
import { isTallyhoError } from './errors.ts';
import { loadScenarioFile } from './scenario-file.ts';
import { loadShipDir } from './ships/catalog.ts';
import { loadOrdnance } from './ordnance/table.ts';

export const DEFAULT_SCENARIOS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../scenarios');

/** The bare names of the `<name>.yaml` files of a directory, sorted; none when it cannot be read. */
export function yamlNames(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => /^[a-z0-9_-]+\.yaml$/.test(n))
      .map((n) => n.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

/** The path of `<name>.yaml` in the directory, by bare name only (no paths); E_NOT_FOUND naming the others. */
export function namedYaml(dir: string, name: string, what: string): string {
  const n = name.toLowerCase().replace(/\.yaml$/, '');
  const path = join(dir, `${n}.yaml`);
  if (!/^[a-z0-9_-]{1,64}$/.test(n) || !existsSync(path)) {
    throw new AppError(
      'E_NOT_FOUND',
      `there is no ${what} '${name}' (the ${what}s: ${yamlNames(dir).join(', ') || 'none'})`,
    );
  }
  return path;
}

export function scenarioSource(dir: string = DEFAULT_SCENARIOS_DIR): ScenarioSource {
  return {
    names: () => yamlNames(dir),
    load(name) {
      const path = namedYaml(dir, name, 'scenario');
      try {
        const catalog = loadAircraftDir();
        const ships = loadShipDir();
        const tables = loadOrdnance();
        return {
          scenario: loadScenarioFile(path, catalog, ships, tables.torpedoes, tables.flak, tables.rockets),
          catalog,
          ships,
          ...tables,
        };
      } catch (e) {
        if (isTallyhoError(e)) throw new AppError('E_USAGE', e.message, e.details);
        throw e;
      }
    },
  };
}
