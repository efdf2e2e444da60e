// The module hooks of log-imports.mjs (they run in the loader's own thread).
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (process.env.TALLYHO_IMPORT_LOG) appendFileSync(process.env.TALLYHO_IMPORT_LOG, `${r.url}\n`);
  return r;
}
