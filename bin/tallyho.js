#!/usr/bin/env node
// Entry point of the `tallyho` command: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../src/shell/cli/main.ts');
await main(process.argv);
