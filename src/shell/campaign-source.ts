/**
 * The campaign files of the installation (campaigns/<name>.yaml, docs/campaigns.md), each checked
 * against the scenarios it names, and the names recruits take (data/pilots/names.yaml).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { AppError, type CampaignSource, type ScenarioSource } from '../app/ports/deps.ts';
import { parseCampaign, type CampaignSpec } from '../core/campaign/spec.ts';
import { readText } from './scenario-file.ts';
import { TallyhoError } from './errors.ts';
import { namedYaml, scenarioSource, yamlNames } from './scenario-source.ts';

export const DEFAULT_CAMPAIGNS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../campaigns');
export const DEFAULT_NAMES_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../data/pilots/names.yaml');

/** Reads and checks a campaign file; throws E_CAMPAIGN with every problem. */
export function loadCampaignFile(path: string, scenarios: ScenarioSource = scenarioSource()): CampaignSpec {
  let data: unknown;
  try {
    data = parseYaml(readText(path), { merge: true });
  } catch (e) {
    if (e instanceof TallyhoError) throw e;
    throw new TallyhoError('E_CAMPAIGN', `${path} is not valid YAML: ${(e as Error).message}`);
  }
  const sidesOf = (name: string) => {
    try {
      const s = scenarios.load(name).scenario;
      return {
        sides: Object.keys(s.sides),
        planes: [...s.planes, ...(s.units ?? [])].map((p) => ({ id: p.id, side: p.side })),
      };
    } catch (e) {
      return (e as Error).message;
    }
  };
  const r = parseCampaign(data, path.split('/').pop() ?? path, sidesOf);
  if (!r.ok)
    throw new TallyhoError(
      'E_CAMPAIGN',
      `${path} is not a valid campaign`,
      r.error.map((p) => p.message),
    );
  return r.value;
}

/** Names for recruits by nation. */
export function loadRecruitNames(path = DEFAULT_NAMES_FILE): Record<string, string[]> {
  const data = parseYaml(readText(path)) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new TallyhoError('E_CAMPAIGN', `${path}: a nation a key, a list of names under it`);
  const out: Record<string, string[]> = {};
  for (const [nation, names] of Object.entries(data)) {
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || !n.trim() || n.length > 40))
      throw new TallyhoError('E_CAMPAIGN', `${path}: ${nation}: a list of names of 1 to 40 characters`);
    out[nation] = names as string[];
  }
  return out;
}

export function campaignSource(
  dir: string = DEFAULT_CAMPAIGNS_DIR,
  scenarios: ScenarioSource = scenarioSource(),
): CampaignSource {
  return {
    names: () => yamlNames(dir),
    load(name) {
      const path = namedYaml(dir, name, 'campaign file');
      try {
        return loadCampaignFile(path, scenarios);
      } catch (e) {
        if (e instanceof TallyhoError) throw new AppError('E_USAGE', e.message, e.details);
        throw e;
      }
    },
    recruitNames: () => loadRecruitNames(),
  };
}
