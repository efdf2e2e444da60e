/**
 * An example for every command's `--help` (docs/cli.md): the command's path, as typed after
 * `tallyho`, to the lines shown under "Example:". main.ts adds them to the commands registered;
 * tests/shell/cli/exit-codes-cli.test.ts checks that every command of the program has some and
 * that none is left over for a command that no longer exists.
 */
import type { Command } from 'commander';

export const EXAMPLES: Record<string, string[]> = {
  '': ['tallyho impulses 5.5', 'tallyho game list --json', 'tallyho <command> --help'],
  impulses: ['tallyho impulses 5.5 --json'],
  doctor: ['tallyho doctor', 'tallyho doctor --json'],
  'install-service': ['tallyho install-service', 'tallyho install-service --user referee --print'],
  backup: ['tallyho backup', 'tallyho backup /mnt/usb/tallyho --keep-days 0'],
  resolve: ['tallyho resolve scenarios/duel.yaml scenarios/duel.orders.txt --seed 42'],
  plans: ['tallyho plans scenarios/duel.yaml --plane R1 --menu'],
  standin: ['tallyho standin scenarios/duel.yaml --side lw --level regular'],
  aircraft: ['tallyho aircraft list'],
  'aircraft list': ['tallyho aircraft list --json'],
  'aircraft show': ['tallyho aircraft show spitfire-1a'],
  'aircraft derive': ['tallyho aircraft derive my-plane.yaml --out data/aircraft/my-plane.yaml'],
  orders: ['tallyho orders check orders.txt'],
  'orders check': ['tallyho orders check orders.txt --json'],
  game: ['tallyho game status channel-1'],
  'game create': ['tallyho game create scenarios/duel.yaml --id channel-1 --gm-email gm@example.org'],
  'game start': ['tallyho game start channel-1'],
  'game muster': ['tallyho game muster channel-1 --within 3d'],
  'game status': ['tallyho game status channel-1 --json'],
  'game list': ['tallyho game list --json'],
  'game set': ['tallyho game set channel-1 zone Europe/London', 'tallyho game set channel-1'],
  'game schedule': ['tallyho game schedule channel-1 every 2 days at 20:00 weekdays'],
  'game pause': ['tallyho game pause channel-1 --reason "club meeting"'],
  'game resume': ['tallyho game resume channel-1'],
  'game extend': ['tallyho game extend channel-1 --by 12h'],
  'game process': ['tallyho game process channel-1'],
  'game preview': ['tallyho game preview channel-1'],
  'game rollback': ['tallyho game rollback channel-1'],
  'game replace': ['tallyho game replace channel-1 bob carl --email carl@example.org --zone Europe/Paris'],
  'game computer': ['tallyho game computer channel-1 bob'],
  'game notify': ['tallyho game notify channel-1 ntfy https://ntfy.sh/our-club', 'tallyho game notify channel-1 off'],
  'game terminate': ['tallyho game terminate channel-1 --reason "both pilots left"'],
  'game tick': ['tallyho game tick --at 2026-01-12T20:00:00Z'],
  player: ['tallyho player add channel-1 ann --email ann@example.com --planes R1'],
  'player add': ['tallyho player add channel-1 ann --email ann@example.com --planes R1,R2 --zone America/New_York'],
  'player secret': ['tallyho player secret channel-1 ann'],
  'player zone': ['tallyho player zone channel-1 ann Europe/Berlin', 'tallyho player zone channel-1 ann game'],
  'player record': ['tallyho player record ann@example.com --json'],
  'player requests': ['tallyho player requests channel-1'],
  'player approve': ['tallyho player approve channel-1 dave --planes G2'],
  'player decline': ['tallyho player decline channel-1 dave'],
  gm: ['tallyho gm show channel-1'],
  'gm set': ['tallyho gm set channel-1 --email gm@example.org --new-secret'],
  'gm show': ['tallyho gm show channel-1'],
  campaign: ['tallyho campaign list'],
  'campaign create': ['tallyho campaign create campaigns/adlertag.yaml --id adler --gm-email gm@example.org'],
  'campaign player': ['tallyho campaign player adler raf ann@example.com'],
  'campaign assign': ['tallyho campaign assign adler R1 auto'],
  'campaign next': ['tallyho campaign next adler'],
  'campaign show': ['tallyho campaign show adler --json'],
  'campaign list': ['tallyho campaign list'],
  mail: ['tallyho mail list --game channel-1'],
  'mail list': ['tallyho mail list --game channel-1 --status pending --limit 20', 'tallyho mail list --json'],
  'mail show': ['tallyho mail show 12 --html', 'tallyho mail show --latest --to ann@example.com --json'],
  serve: ['tallyho serve', 'tallyho serve --solo --level recruit'],
  oauth: ['tallyho oauth google --client-id 1234.apps.googleusercontent.com --write'],
  export: ['tallyho export channel-1 --out channel-1.json'],
  import: ['tallyho import channel-1.json --add'],
  verify: ['tallyho verify channel-1 --json'],
  'verify-dice': ['tallyho verify-dice report.eml --previous welcome.eml'],
};

/** Each command's path as typed after `tallyho` ('' for the program itself), the program's first. */
export function commandPaths(program: Command): { path: string; command: Command }[] {
  const all: { path: string; command: Command }[] = [];
  const walk = (c: Command, path: string[]): void => {
    all.push({ path: path.join(' '), command: c });
    for (const sub of c.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return all;
}

/** Adds its examples to the help of every command of `program` that has some. */
export function addExamples(program: Command): void {
  for (const { path, command } of commandPaths(program)) {
    const lines = EXAMPLES[path];
    if (lines)
      command.addHelpText(
        'after',
        `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ ${l}`).join('\n')}`,
      );
  }
}
