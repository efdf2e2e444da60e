/** The `tallyho` command line. Each subcommand lives in its own file and registers itself here. */
import { Command, CommanderError } from 'commander';
import { isTallyhoError } from '../errors.ts';
import { registerAircraftCommands } from './aircraft.ts';
import { registerImpulsesCommand } from './impulses.ts';
import { registerOrdersCommands } from './orders.ts';
import { registerResolveCommand } from './resolve.ts';
import { registerGameCommands } from './game.ts';
import { registerGmCommands } from './gm.ts';
import { registerPlayerCommands } from './player.ts';
import { registerMailCommands } from './mail.ts';
import { registerServeCommand } from './serve.ts';
import { registerVerifyDiceCommand } from './verify-dice.ts';
import { registerHistoryCommands } from './history.ts';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('tallyho')
    .description('Tallyho: the play-by-email referee for WWII air combat')
    .version('0.1.0')
    .exitOverride()
    .showHelpAfterError();
  registerImpulsesCommand(program);
  registerResolveCommand(program);
  registerAircraftCommands(program);
  registerOrdersCommands(program);
  registerGameCommands(program);
  registerPlayerCommands(program);
  registerGmCommands(program);
  registerMailCommands(program);
  registerServeCommand(program);
  registerHistoryCommands(program);
  registerVerifyDiceCommand(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode;
      return;
    }
    if (isTallyhoError(e)) {
      process.stderr.write(`tallyho: ${e.message}\n`);
      for (const d of e.details) process.stderr.write(`  ${d}\n`);
      process.exitCode = e.code === 'E_USAGE' || e.code === 'E_BAD_SPEED' ? 2 : 1;
      return;
    }
    throw e;
  }
}
