/**
 * A few results kept by key, the least recently used going first: the ways and heights of the
 * planes last asked for (plans/variants.ts), the manoeuvre checks of the last searches
 * (plans/skeletons.ts), the map pieces drawn lately (report/svg-map.ts). Pure: no clock, only the
 * order of asking.
 */

/** The value kept for `key` in `kept`, now the most recently used; made and kept when there is none (at most `keep` kept). */
export function rememberedIn<V>(kept: Map<string, V>, key: string, keep: number, make: () => V): V {
  let v = kept.get(key);
  if (v === undefined) v = make();
  else kept.delete(key);
  kept.set(key, v);
  if (kept.size > keep) kept.delete(kept.keys().next().value as string);
  return v;
}
