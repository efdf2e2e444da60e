#!/usr/bin/env node
// Entry point of the `tallyho` command: the compiled code in dist/, or the TypeScript sources when
// dist/ is missing or older than src/ (bin/compiled.js says which, and why).
import { importProgram } from './compiled.js';

const { main } = await importProgram('shell/cli/main');
await main(process.argv);
