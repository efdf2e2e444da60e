/**
 * The `tallyho` command line. Each command group lives in its own file and registers itself here.
 * Only the file of the command being run is loaded (and what it imports), so that a quick command
 * like `tallyho impulses` does not load SQLite, express or the mail packages; `tallyho --help`, an
 * unknown command and the like load every file.
 */
import { Command, CommanderError } from 'commander';
import { isTallyhoError } from '../errors.ts';
import { VERSION } from '../version.ts';
import { addExamples } from './examples.ts';

type Register = (program: Command) => void;

/** The command files, in the order of `tallyho --help`, by the commands each registers. */
const COMMAND_FILES: { names: string[]; load: () => Promise<Register> }[] = [
  { names: ['impulses'], load: async () => (await import('./impulses.ts')).registerImpulsesCommand },
  { names: ['resolve'], load: async () => (await import('./resolve.ts')).registerResolveCommand },
  { names: ['plans'], load: async () => (await import('./plans.ts')).registerPlansCommand },
  { names: ['standin'], load: async () => (await import('./standin.ts')).registerStandinCommand },
  { names: ['aircraft'], load: async () => (await import('./aircraft.ts')).registerAircraftCommands },
  { names: ['orders'], load: async () => (await import('./orders.ts')).registerOrdersCommands },
  { names: ['game'], load: async () => (await import('./game.ts')).registerGameCommands },
  { names: ['player'], load: async () => (await import('./player.ts')).registerPlayerCommands },
  { names: ['gm'], load: async () => (await import('./gm.ts')).registerGmCommands },
  { names: ['campaign'], load: async () => (await import('./campaign.ts')).registerCampaignCommands },
  { names: ['mail'], load: async () => (await import('./mail.ts')).registerMailCommands },
  { names: ['serve'], load: async () => (await import('./serve.ts')).registerServeCommand },
  { names: ['oauth'], load: async () => (await import('./oauth.ts')).registerOauthCommand },
  { names: ['export', 'import', 'verify'], load: async () => (await import('./history.ts')).registerHistoryCommands },
  {
    names: ['doctor'],
    load: async () => {
      const { registerDoctorCommand } = await import('./doctor.ts');
      return (program) => registerDoctorCommand(program, VERSION);
    },
  },
  { names: ['install-service'], load: async () => (await import('./service.ts')).registerServiceCommand },
  { names: ['backup'], load: async () => (await import('./backup.ts')).registerBackupCommand },
  { names: ['verify-dice'], load: async () => (await import('./verify-dice.ts')).registerVerifyDiceCommand },
];

/**
 * The program with the command `name` registered, or with every command when `name` is not one
 * (no command, an option such as --help, `help`, a misspelt command: commander then lists them
 * all or suggests the nearest).
 */
export async function buildProgram(name?: string): Promise<Command> {
  const program = new Command();
  program
    .name('tallyho')
    .description('Tallyho: the play-by-email referee for WWII air combat')
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError();
  const one = COMMAND_FILES.filter((f) => name !== undefined && f.names.includes(name));
  for (const f of one.length ? one : COMMAND_FILES) (await f.load())(program);
  addExamples(program);
  return program;
}

/** The exit codes of docs/cli.md: 0 done, 1 the action failed, 2 the command line is wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export async function main(argv: string[]): Promise<void> {
  try {
    const program = await buildProgram(argv[2]);
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander has written its message (and the usage) already. It exits 0 for --help and
      // --version; anything else it throws is the command line's fault: an unknown command or
      // option, an argument or option value missing, too many arguments, a value an option's
      // parser refused, no command given to `tallyho` or to a group such as `tallyho mail`.
      process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    if (isTallyhoError(e)) {
      process.stderr.write(`tallyho: ${e.message}\n`);
      for (const d of e.details) process.stderr.write(`  ${d}\n`);
      process.exitCode = e.code === 'E_USAGE' || e.code === 'E_BAD_SPEED' ? EXIT.usage : EXIT.failed;
      return;
    }
    throw e;
  }
}
