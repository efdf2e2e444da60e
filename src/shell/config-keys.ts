/**
 * Settings Tallyho does not read (docs/gm-guide.md "Before the first game: tallyho doctor"): a misspelt key in .env
 * (`IMAP_HOTS=`, `LOGLEVEL=`) would otherwise be ignored without a word, the setting it was meant
 * for left at its default. Each is named with the key it most likely meant. `tallyho serve` warns
 * of them at start and `tallyho doctor` fails on them.
 */
/** Prefixes of the environment's variables taken for Tallyho's (others are other programs'). */
const OURS = /^(IMAP|SMTP|OAUTH|BACKUP|OUTBOX|GM|MAIL|TALLYHO)_/;
/** Variables read outside the configuration (tests and fault drills; shell/fault.ts). */
const OTHER_READ = new Set(['TALLYHO_FAULT', 'TALLYHO_FREEZE_STATES']);

/** The edit distance of two keys, a swap of two neighbours counting one (optimal string alignment). */
export function keyDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** The setting a key most likely meant: the nearest within a third of its length; null when none is. */
export function nearestKey(key: string, keys: readonly string[]): string | null {
  const upper = key.toUpperCase();
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of keys) {
    const dist = keyDistance(upper, k);
    if (dist < bestD) [best, bestD] = [k, dist];
  }
  return bestD <= Math.max(1, Math.floor(key.length / 3)) ? best : null;
}

/**
 * One line for each key of the .env file, and each of ours in the environment, that is not one of
 * `keys` (config.ts CONFIG_KEYS).
 */
export function unknownKeys(
  keys: readonly string[],
  fileKeys: readonly string[],
  envFile: string,
  env: Record<string, string | undefined>,
): string[] {
  const known = new Set(keys);
  const line = (k: string, where: string) => {
    const near = nearestKey(k, keys);
    return `${k} in ${where} is not a setting Tallyho reads${near ? ` (did you mean ${near}?)` : ''}: it is ignored`;
  };
  const out = fileKeys.filter((k) => !known.has(k)).map((k) => line(k, envFile));
  for (const k of Object.keys(env).sort())
    if (OURS.test(k) && !known.has(k) && !OTHER_READ.has(k) && !fileKeys.includes(k))
      out.push(line(k, 'the environment'));
  return out;
}
