// Preloaded with `node --import` by tests/shell/compiled.test.ts: every module URL the program
// resolves through the ESM loader is appended to the file named by TALLYHO_IMPORT_LOG.
import { register } from 'node:module';

register('./log-imports-hooks.mjs', import.meta.url);
