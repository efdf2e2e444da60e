/**
 * `tallyho serve` (what `npm start` runs): the inbox, the outbox worker and HTTP in one process.
 * With a mail server configured, mail comes from the IMAP mailbox and goes out by SMTP; without one
 * (local mode) an SMTP listener on 127.0.0.1 takes players' mail and outgoing mail stays in the
 * store, and a demo game is made on the first start. The same intake, turn and outbox code runs
 * either way. SIGTERM and SIGINT stop it gracefully: no new mail is taken, sends in flight finish
 * unless the mail servers keep them waiting, and the process ends within STOP_DEADLINE_MS.
 */
import { TallyhoError } from './errors.ts';
import type { Logger } from 'pino';
import { tick } from '../app/turn/tick.ts';
import { resolveAllReady } from '../app/turn/resolve.ts';
import { loadConfig, localPublicUrl, type Config } from './config.ts';
import { createLogger } from './log.ts';
import { collectIfLarge, limitHeapGrowth } from './memory.ts';
import { ensureDemo, ensureSolo, SOLO_GAME, type DemoPlayer } from './local/demo.ts';
import { accessTokens } from './oauth/tokens.ts';
import type { RetryPolicy } from './mail/outbox-worker.ts';
import { HookWorker } from './hooks/hook-worker.ts';
import { localTransport, smtpTransport, type MailTransport } from './mail/transport.ts';
import { sentJournalPath } from './mail/sent-journal.ts';
import { asListenError, checkPortsFree, type Listening } from './port-check.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import { makeHandler, outboxWorker, startMailIn } from './serve-mail.ts';
import { TurnQueue } from './turn-queue.ts';
import { startHttp } from './web/http.ts';
import { levelName, type StandinLevel } from '../core/standin/levels.ts';

export interface ServeOptions {
  config?: Config;
  logger?: Logger;
  /** Where the start-up banner goes (standard output by default). */
  print?: (text: string) => void;
  retry?: Partial<RetryPolicy>;
  /** The hooks' retries (hook-worker.ts HOOK_RETRY by default). */
  hookRetry?: Partial<RetryPolicy>;
  /** Outbox poll interval, ms. */
  outboxPollMs?: number;
  /** Clock interval, ms (TICK_SECONDS by default). */
  tickMs?: number;
  /** Local mode: the solo game (the stand-in pilot flying the other side) instead of the demo; 'new': a new one even while the last runs. */
  solo?: boolean | 'new';
  /** The solo game's stand-in level (--level; docs/standin.md "Levels"). */
  level?: StandinLevel;
}

export interface RunningServer {
  config: Config;
  runtime: Runtime;
  httpPort: number;
  smtpPort: number | null;
  stop(): Promise<void>;
}

export function localBanner(
  config: Config,
  smtpPort: number,
  httpPort: number,
  demo: DemoPlayer[],
  before?: string,
): string {
  const lines = [
    'Tallyho is running in local mode: no mail server is configured, nothing leaves this machine.',
    `  Orders: by SMTP to 127.0.0.1:${smtpPort}, addressed to ${config.mailFrom}`,
    `  Replies: kept in the database; npx tallyho mail list, or http://${config.httpHost}:${httpPort}/mail`,
    `  Database: ${config.databasePath}`,
  ];
  const p = demo[0];
  if (p?.level) {
    const game = p.game ?? SOLO_GAME;
    lines.push(
      '',
      ...(before ? [before, ''] : []),
      `Solo game '${game}': you fly ${p.planes.join(',')} against the stand-in pilot, flying as ${levelName(p.level)} (docs/standin.md);`,
      `  player ${p.id.padEnd(6)} ${p.email.padEnd(18)} secret ${p.secret}`,
      'Each turn is resolved as soon as your orders are in. Send your welcome mail back:',
      `  npx tallyho mail show --latest --to ${p.email} --game ${game} > ${p.id}.txt`,
      `  node bin/send-orders.js ${p.id}.txt`,
      'When it is over, npm start -- --solo starts a new one (--level recruit, regular or ace: how well',
      'the stand-in flies); npm start -- --solo new starts one at once. docs/local-mode.md "Playing alone".',
    );
  } else if (demo.length) {
    lines.push('', "Demo game 'demo':");
    for (const p of demo)
      lines.push(
        `  player ${p.id.padEnd(6)} ${p.email.padEnd(18)} flies ${p.planes.join(',').padEnd(6)} secret ${p.secret}`,
      );
    const first = demo[0] as DemoPlayer;
    lines.push(
      '',
      "Play a turn: send each player's welcome mail back (it ends with ready-to-send orders):",
      `  npx tallyho mail show --latest --to ${first.email} --game demo > ${first.id}.txt`,
      `  node bin/send-orders.js ${first.id}.txt`,
      'docs/local-mode.md tells more.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What `serve` listens on with this configuration: the local SMTP listener (local mode) and HTTP. */
export function serveListeners(config: Config): { smtp: Listening | null; http: Listening } {
  return {
    smtp:
      config.mode === 'local'
        ? {
            what: "the local SMTP listener (players' orders)",
            host: '127.0.0.1',
            port: config.localSmtpPort,
            key: 'LOCAL_SMTP_PORT',
          }
        : null,
    http: {
      what: 'the HTTP server (web archive, /mail, /admin)',
      host: config.httpHost,
      port: config.httpPort,
      key: 'HTTP_PORT',
      hostKey: 'HTTP_HOST',
    },
  };
}

/** Refuses --solo outside local mode, and --level without --solo. */
function checkSoloOptions(options: ServeOptions, local: boolean): void {
  if (options.solo && !local)
    throw new TallyhoError(
      'E_CONFIG',
      '--solo plays the demo alone in local mode; this configuration has a mail server (docs/local-mode.md "Playing alone")',
    );
  if (options.level && !options.solo)
    throw new TallyhoError(
      'E_CONFIG',
      '--level is the solo game\'s stand-in level: give it with --solo (npm start -- --solo --level recruit); a club game\'s is its standin setting (docs/standin.md "Levels")',
    );
}

/** How soon after mail is taken in the clock runs; the mails taken in meanwhile share the run. */
const CLOCK_AFTER_MAIL_MS = 500;

export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const config = localPublicUrl(options.config ?? loadConfig());
  const logger = options.logger ?? createLogger(config.logLevel);
  for (const line of config.unknownKeys ?? []) logger.warn({ setting: line.split(' ')[0] }, line);
  const print =
    options.print ??
    ((t: string) => {
      process.stdout.write(t);
    });
  limitHeapGrowth();
  // Before anything is opened, made or sent: a taken port stops the start here.
  const listens = serveListeners(config);
  await checkPortsFree([...(listens.smtp ? [listens.smtp] : []), listens.http]);
  const rt = openRuntime({ config, logger });
  const stops: (() => Promise<void> | void)[] = [() => rt.close()];
  const stopAll = async () => {
    for (const s of stops.splice(0).reverse()) {
      try {
        await s();
      } catch (e) {
        logger.error({ err: (e as Error).message }, 'error while stopping');
      }
    }
  };
  try {
    const local = config.mode === 'local';
    const tokens = config.oauth ? accessTokens(config.oauth, config.databasePath, rt.deps.log) : null;
    // The SMTP thread sends one mail at a time and journals what the server took: up to
    // SEND_WINDOW rows are handed to it, so that sending goes on while mail is being taken in.
    const journal = local ? null : sentJournalPath(config.databasePath);
    const transport: MailTransport = local ? localTransport() : smtpTransport(config.smtp!, {}, tokens, journal);
    stops.push(() => transport.close());
    const worker = outboxWorker(rt, config, transport, journal, options);
    // The hooks beside the mail (docs/notifications.md): their own worker, the same store.
    const hooks = new HookWorker({
      deps: rt.deps,
      pollMs: options.outboxPollMs ?? 1000,
      ...(options.hookRetry ? { retry: options.hookRetry } : {}),
    });
    const kickBoth = () => {
      worker.kick();
      hooks.kick();
    };
    // The clock (deadlines, reminders, early resolution): on a timer and after every mail taken in.
    const runClock = () => {
      try {
        const done = tick(rt.deps);
        if (done.length) {
          logger.info({ clock: done }, 'clock');
          kickBoth();
          // A run that resolved turns (the stand-in's choices among them) leaves garbage as a group of mails does.
          collectIfLarge();
        }
      } catch (e) {
        logger.error({ err: (e as Error).message }, 'the clock failed');
      }
    };
    // And after mail: once for the mails taken in within CLOCK_AFTER_MAIL_MS, not after every
    // sweep (a run is a transaction per running game).
    // The turns mail completed are resolved by the queue (turn-queue.ts), one at a time after the
    // acknowledgements: the clock waits until it is done rather than resolve them all at once.
    // Mail being read goes first: the queue waits while the IMAP inbox sweeps (a second at most).
    let reading = (): boolean => false;
    const turns = new TurnQueue(rt, kickBoth, () => reading());
    let clockSoon: NodeJS.Timeout | null = null;
    const clockAfterMail = () => {
      clockSoon ??= setTimeout(() => {
        clockSoon = null;
        if (turns.busy) clockAfterMail();
        else runClock();
      }, CLOCK_AFTER_MAIL_MS);
    };
    stops.push(() => {
      if (clockSoon) clearTimeout(clockSoon);
    });
    stops.push(() => turns.stop());
    const handler = makeHandler(
      rt,
      () => {
        clockAfterMail();
        kickBoth();
      },
      turns,
    );
    checkSoloOptions(options, local);
    const solo = local && options.solo ? ensureSolo(rt, undefined, options.level, options.solo === 'new') : null;
    const demo = !local ? [] : solo ? solo.players : ensureDemo(rt).players;
    const caughtUp = resolveAllReady(rt.deps);
    if (caughtUp.length) logger.info({ resolved: caughtUp }, 'turns completed before the last stop resolved now');
    worker.start();
    stops.push(() => worker.stop());
    hooks.start();
    stops.push(() => hooks.stop());
    runClock();
    const clockTimer = setInterval(runClock, options.tickMs ?? config.tickSeconds * 1000);
    clockTimer.unref();
    stops.push(() => clearInterval(clockTimer));
    const { smtp, inbox } = await startMailIn(rt, config, handler, tokens, listens.smtp, stops);
    if (inbox) reading = () => inbox.reading;
    const http = await startHttp({
      host: config.httpHost,
      port: config.httpPort,
      store: rt.store,
      mode: config.mode,
      deps: rt.deps,
      health: () => ({
        inbox: inbox ? inbox.status() : 'local SMTP listener',
        smtp: worker.link ? worker.link.status() : 'none: the outbox is kept here (local mode)',
      }),
      ...(config.adminPassword ? { admin: { password: config.adminPassword, deps: rt.deps } } : {}),
    }).catch(asListenError(listens.http));
    stops.push(() => http.close());
    logger.info(
      { mode: config.mode, http: http.port, smtp: smtp?.port ?? null, database: config.databasePath },
      'tallyho serving',
    );
    if (local && smtp) print(localBanner(config, smtp.port, http.port, demo, solo?.before));
    return { config, runtime: rt, httpPort: http.port, smtpPort: smtp?.port ?? null, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/**
 * How long a stop may take at most. The inbox and the outbox give up on a server that does not
 * answer well before (their grace: 1.5 s and 2 s); past this the process exits anyway. Each
 * transaction is all or nothing, so even then nothing half-done is committed: a mail handled is
 * filed at the next start, a mail being sent is sent again.
 */
export const STOP_DEADLINE_MS = 4500;

/**
 * Runs until SIGTERM or SIGINT, then stops gracefully, within STOP_DEADLINE_MS. The signals are
 * listened for before the server starts: one that comes while it starts (its ports already
 * announced) stops it as soon as it has started, never kills it half-way.
 */
export async function serveUntilSignalled(options: ServeOptions = {}): Promise<void> {
  let signalled: NodeJS.Signals | undefined;
  let wake: (() => void) | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    signalled = signal;
    wake?.();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  let server: Awaited<ReturnType<typeof serve>>;
  try {
    server = await serve(options);
  } catch (e) {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    throw e;
  }
  if (!signalled)
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  process.stderr.write(`tallyho: ${signalled as string}: stopping\n`);
  setTimeout(() => {
    process.stderr.write(`tallyho: not stopped within ${STOP_DEADLINE_MS / 1000} s: exiting now\n`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  await server.stop().catch(() => undefined);
}
