/** The catalogue on disk and the `tallyho aircraft` commands. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { parse, stringify } from 'yaml';
import { inputOf } from '../../../src/core/aircraft/derive.ts';
import {
  DEFAULT_AIRCRAFT_DIR,
  cardToYaml,
  deriveFromFile,
  loadAircraftDir,
} from '../../../src/shell/aircraft/catalog.ts';
import { registerAircraftCommands } from '../../../src/shell/cli/aircraft.ts';
import { renderCard } from '../../../src/report/card.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tallyho-aircraft-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stored = (id: string) => readFileSync(join(DEFAULT_AIRCRAFT_DIR, `${id}.yaml`), 'utf8');

function run(...args: string[]): string {
  const program = new Command().exitOverride();
  registerAircraftCommands(program);
  let printed = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    printed += String(s);
    return true;
  });
  try {
    program.parse(['node', 'tallyho', ...args]);
  } finally {
    spy.mockRestore();
  }
  return printed;
}

describe('loadAircraftDir', () => {
  it('lists every problem of every file, with file and field, under E_AIRCRAFT_DATA', () => {
    const bad = join(dir, 'bad');
    rmSync(bad, { recursive: true, force: true });
    mkdirSync(bad);
    const p40 = parse(stored('p-40c'));
    p40.bands[1].climb = 'fast';
    writeFileSync(join(bad, 'p-40c.yaml'), stringify(p40));
    writeFileSync(join(bad, 'zero.yaml'), stored('a6m2'));
    writeFileSync(join(bad, 'broken.yaml'), 'id: [unclosed\n');
    let caught: any;
    try {
      loadAircraftDir(bad);
    } catch (e) {
      caught = e;
    }
    expect(caught?.code).toBe('E_AIRCRAFT_DATA');
    expect(caught.message).toMatch(/3 problem\(s\)/);
    expect(caught.message).toMatch(/p-40c\.yaml: bands\[1\]\.climb: expected a number/);
    expect(caught.message).toMatch(/zero\.yaml: id: expected zero \(the file is named after the id\)/);
    expect(caught.message).toMatch(/broken\.yaml: line \d+: YAML syntax/);
  });
  it('a missing directory is an I/O error', () => {
    expect(() => loadAircraftDir(join(dir, 'nowhere'))).toThrow(expect.objectContaining({ code: 'E_IO' }));
  });
});

describe('deriveFromFile', () => {
  it('derives the stored card from its input alone', () => {
    const card = loadAircraftDir().get('spitfire-1a')!;
    const file = join(dir, 'spit-input.yaml');
    writeFileSync(file, stringify(inputOf(card)));
    expect(deriveFromFile(file)).toEqual(card);
    expect(cardToYaml(deriveFromFile(file))).toBe(stored('spitfire-1a'));
  });
  it('reports bad input with file and field', () => {
    const file = join(dir, 'bad-input.yaml');
    const input: any = inputOf(loadAircraftDir().get('p-40c')!);
    input.figures.climbFtMin = 'lots';
    writeFileSync(file, stringify(input));
    expect(() => deriveFromFile(file)).toThrow(/bad-input\.yaml: figures\.climbFtMin: expected a number/);
  });
});

describe('tallyho aircraft', () => {
  it('list --json gives every type with its key ratings', () => {
    const list = JSON.parse(run('aircraft', 'list', '--json'));
    expect(list.length).toBe(loadAircraftDir().size);
    expect(list.find((s: any) => s.id === 'p-51d')).toMatchObject({
      class: 'fighter1',
      wingLoading: 'P51',
      topLevelSpeed: 11,
    });
  });
  it('list prints a table', () => {
    expect(run('aircraft', 'list')).toMatch(/^spitfire-1a +Supermarine Spitfire Mk IA/m);
  });
  it('show prints the card as players get it, then the figures; --json the whole card', () => {
    expect(JSON.parse(run('aircraft', 'show', 'a6m2', '--json'))).toEqual(loadAircraftDir().get('a6m2'));
    const text = run('aircraft', 'show', 'b-17g');
    expect(text.startsWith(`${renderCard(loadAircraftDir().get('b-17g')!)}\n\nHISTORICAL FIGURES`)).toBe(true);
    expect(text).toMatch(/^USA, four-engine bomber, 4 engines, crew 10\. Ceiling 35,600 ft\./m);
    expect(text).toMatch(/^ {2}with bombs +5 +6 +7 +100 +2$/m);
    expect(text).toMatch(/^ {2}TAIL +flexible, 4-8 o'clock +2 x 50M +range 8$/m);
    expect(text).toMatch(/^sources:\n {2}F\. Dean/m);
  });
  it('show of an unknown type says which types exist', () => {
    expect(() => run('aircraft', 'show', 'me-262')).toThrow(expect.objectContaining({ code: 'E_NOT_FOUND' }));
  });
  it('derive prints the card YAML', () => {
    const file = join(dir, 'ju87-input.yaml');
    writeFileSync(file, stringify(inputOf(loadAircraftDir().get('ju-87b')!)));
    expect(run('aircraft', 'derive', file)).toBe(stored('ju-87b'));
  });
  it('derive --out rewrites a card in place from its own file', () => {
    const file = join(dir, 'p-40c.yaml');
    const card: any = parse(stored('p-40c'));
    card.bands = [];
    card.damage.C = 9;
    writeFileSync(file, stringify(card));
    expect(run('aircraft', 'derive', file, '--out', file)).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(stored('p-40c'));
  });
  it('--dir chooses another directory', () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'p-40c.yaml'), stored('p-40c'));
    expect(JSON.parse(run('aircraft', '--dir', other, 'list', '--json')).map((s: any) => s.id)).toEqual(['p-40c']);
  });
});
