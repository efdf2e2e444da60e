/** The installation's version, from its package.json: `tallyho --version`, `tallyho doctor`, the web pages' footer. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_DIR } from './config.ts';

export const VERSION: string = (
  JSON.parse(readFileSync(join(INSTALL_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
