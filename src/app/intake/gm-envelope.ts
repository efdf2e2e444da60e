/**
 * The game master's envelope: `#TALLYHO <game> gm "<secret>"` with the game's GM secret or the
 * installation's (GM_SECRET; the only one that may CREATE a game). Each command runs on its own
 * (a failing one changes nothing and is reported), and one answer goes to the game master's
 * registered address, never to the sender. A wrong secret changes nothing and is told to that
 * address only, at most once an hour (wrong-secrets.ts).
 */
import { type Command, type Envelope, type OrderError } from '../../orders/index.ts';
import { playerCommand, shownCommand, statusAnswer, type CommandContext } from './commands.ts';
import { type Answer } from '../mail/notify.ts';
import {
  extendTurn,
  pauseGame,
  previewTurn,
  processTurn,
  resumeGame,
  setSetting,
  terminateGame,
  type ControlResult,
} from '../gm/control.ts';
import { wrongSecret } from '../mail/wrong-secrets.ts';
import { AppError } from '../ports/deps.ts';
import type { EnvelopeContext, EnvelopeOutcome } from './context.ts';
import {
  createGame,
  notificationLines,
  notificationsOf,
  requireGame,
  startGame,
  startedWithout,
} from '../setup/games.ts';
import { openMuster } from '../setup/muster.ts';
import { GM_ID } from '../ports/ids.ts';
import { gmHelp } from '../views/help.ts';
import { wrap } from '../words/text.ts';
import { publicUrlOf } from '../words/doc-links.ts';
import { gmAddress, queueAnswer, type Section } from '../mail/notify.ts';
import type { GameRow } from '../ports/store.ts';
import { rollbackTurn } from '../gm/rollback.ts';
import { gmRecord } from '../gm/record.ts';
import { onLeave } from '../game/standin.ts';
import { approveJoin, computerSeat, computerTakesOver, declineJoin, replacePlayer } from '../setup/roster.ts';
import { gmCampaignCommand } from '../campaigns/commands.ts';
import { notifyCommand } from '../hooks/commands.ts';

type GmAuth = { ok: true; to: string; global: boolean } | { ok: false };

function authenticate(ctx: EnvelopeContext, env: Envelope, game: GameRow | undefined): GmAuth {
  const { deps, tx } = ctx;
  const control = game ? tx.control.get(game.id) : null;
  const global = deps.referee.gm;
  if (env.secret && control?.gmSecretHash && deps.keys.verifySecret(env.secret, control.gmSecretHash)) {
    const to = control.gmEmail ?? global?.email ?? null;
    if (to) return { ok: true, to, global: false };
  }
  if (env.secret && global?.email && global.secretHash && deps.keys.verifySecret(env.secret, global.secretHash))
    return { ok: true, to: global.email, global: true };
  return { ok: false };
}

const done = (r: ControlResult | string[]): Answer =>
  Array.isArray(r) ? { paragraphs: r, sections: [] } : { paragraphs: r.lines, sections: r.sections ?? [] };

function gmCommand(ctx: EnvelopeContext, env: Envelope, c: Command, auth: { to: string; global: boolean }): Answer {
  const { deps, tx } = ctx;
  const a = c.args;
  if (c.name === 'CREATE') return createCommand(ctx, env, c, auth);
  // Campaigns: the envelope names the campaign (or one of its games), docs/campaigns.md.
  if (c.name === 'CAMPAIGN') return gmCampaignCommand(deps, tx, env.game, c, auth);
  const game = requireGame(tx, env.game);
  switch (c.name) {
    case 'START': {
      const r = startGame(deps, game.id);
      return done([`Game ${game.id} started: ${r.welcomes} welcome mails queued.`, ...startedWithout(r.notReady)]);
    }
    case 'MUSTER':
      return done(openMuster(deps, game.id, a[0]));
    case 'PAUSE':
      return done(pauseGame(deps, game.id, a[0] ?? ''));
    case 'RESUME':
      return done(resumeGame(deps, game.id));
    case 'EXTEND':
      return done(extendTurn(deps, game.id, a[0]));
    case 'PROCESS':
      return done(processTurn(deps, game.id));
    case 'PREVIEW':
      return done(previewTurn(deps, game.id));
    case 'ROLLBACK':
      return done(rollbackTurn(deps, game.id));
    case 'TERMINATE':
      return done(terminateGame(deps, game.id, a[0] ?? ''));
    case 'REPLACE':
      return replaceCommand(ctx, game, a);
    case 'COMPUTER':
      return done(computerSeat(deps, tx, game.id, a[0] as string));
    case 'RECORD':
      return {
        paragraphs: [],
        sections: [
          { heading: "A player's record", text: gmRecord(deps, tx, game.id, a[0] as string, auth.global).join('\n') },
        ],
      };
    case 'APPROVE': {
      const r = approveJoin(deps, game.id, a[0] as string, a.slice(1));
      return done([
        `${r.player.id} (${r.player.email}) joins flying ${r.player.planes.join(', ')}; the secret went to that address.`,
      ]);
    }
    case 'DECLINE':
      return done(declineJoin(deps, game.id, a[0] as string));
    case 'SET': {
      const m = /^(\S+)\s*(.*)$/.exec(a[0] ?? '');
      // The game's own hook, a club's room (docs/notifications.md): not a setting of the table.
      if (m?.[1]?.toLowerCase() === 'notify')
        return done(notifyCommand(deps, tx, game, null, (m[2] ?? '').split(/\s+/).filter(Boolean)));
      return done(setSetting(deps, game.id, m?.[1] ?? '', m?.[2] ?? ''));
    }
    case 'HELP':
      return { paragraphs: [], sections: [{ heading: "Game master's commands", text: gmHelp(publicUrlOf(deps)) }] };
    case 'STATUS':
      return gmStatus(ctx, game);
    case 'MAP':
    case 'CARD':
    case 'HISTORY':
      return playerCommand(cctx(ctx, game), c);
    default:
      return done([`${c.name} is a player's command; in the game master's envelope it does nothing.`]);
  }
}

/** CREATE <scenario>: a new game from a scenario of the installation (its GM secret only). */
function createCommand(ctx: EnvelopeContext, env: Envelope, c: Command, auth: { to: string; global: boolean }): Answer {
  const { deps, tx } = ctx;
  const a = c.args;
  if (!auth.global) throw new AppError('E_STATE', "CREATE needs the installation's GM secret (GM_SECRET)");
  if (tx.games.get(env.game)) throw new AppError('E_STATE', `a game '${env.game}' exists already`);
  if (!deps.scenarios) throw new AppError('E_STATE', 'this installation has no scenarios to create games from');
  const { scenario, catalog, ships, bombing, torpedoes, flak, spotting, rockets } = deps.scenarios.load(a[0] as string);
  const row = createGame(deps, {
    id: env.game,
    scenario,
    catalog,
    ...(ships ? { ships } : {}),
    ...(bombing ? { bombing } : {}),
    ...(torpedoes ? { torpedoes } : {}),
    ...(flak ? { flak } : {}),
    ...(spotting ? { spotting } : {}),
    ...(rockets ? { rockets } : {}),
  });
  tx.control.save({ ...tx.control.get(row.id), gmEmail: auth.to });
  const planes = scenario.planes
    .map((p) => `${p.id} (${p.type}, ${scenario.sides[p.side]?.name ?? p.side})`)
    .join(', ');
  return done([
    `Game ${row.id} created from ${a[0]}: ${row.name}. Planes: ${planes}.`,
    `Next: players (SET signup on, then they JOIN and you APPROVE; or tallyho player add), then START.`,
  ]);
}

/** REPLACE <player> <new id> <address>, or REPLACE <player> COMPUTER (the stand-in pilot). */
function replaceCommand(ctx: EnvelopeContext, game: GameRow, a: string[]): Answer {
  const { deps, tx } = ctx;
  if (a.length === 2) {
    if ((a[1] as string).toUpperCase() !== 'COMPUTER')
      throw new AppError(
        'E_USAGE',
        `REPLACE ${a[0]} ${a[1]}: give the new player's address too (REPLACE ${a[0]} ${a[1]} <address>), or write REPLACE ${a[0]} COMPUTER for the stand-in pilot`,
      );
    return done(computerTakesOver(deps, tx, game.id, a[0] as string).lines);
  }
  const r = replacePlayer(deps, {
    gameId: game.id,
    oldId: a[0] as string,
    newId: a[1] as string,
    email: a[2] as string,
  });
  return done([
    ...r.lines,
    `The secret of ${r.player.id} is: ${r.secret}`,
    'Pass it on privately: it is shown this once.',
  ]);
}

/** STATUS in the game master's envelope: the player's status, and every player, JOIN and hook. */
function gmStatus(ctx: EnvelopeContext, game: GameRow): Answer {
  const { deps, tx } = ctx;
  const s = statusAnswer(cctx(ctx, game));
  const players = tx.players
    .listAll(game.id)
    .map(
      (p) =>
        `${p.id.padEnd(12)} ${p.email.padEnd(30)} ${p.planes.join(',') || '-'}${p.status === 'replaced' ? ' (replaced)' : ''}${p.pilot === 'computer' ? ' (the stand-in pilot)' : ''}${onLeave(p, deps.clock.now()) ? ' (on leave)' : ''} misses ${tx.control.misses(game.id, p.id)}`,
    );
  const joins = tx.control
    .joinRequests(game.id)
    .map((j) => `JOIN ${j.playerId} (${j.email})${j.note ? `: ${j.note}` : ''}`);
  const hooks = notificationLines(notificationsOf(tx, game.id));
  return {
    paragraphs: s.paragraphs,
    sections: [
      ...s.sections,
      { heading: 'Players', text: [...players, ...joins].join('\n') || 'none yet' },
      ...(hooks.length ? [{ heading: 'Notifications', text: hooks.map((l) => wrap(l, 4)).join('\n') }] : []),
    ],
  };
}

const cctx = (ctx: EnvelopeContext, game: GameRow): CommandContext => ({
  deps: ctx.deps,
  tx: ctx.tx,
  game,
  player: null,
  inboundId: ctx.inboundId,
  replyTo: ctx.mail.messageId,
});

export function handleGmEnvelope(
  ctx: EnvelopeContext,
  env: Envelope,
  errors: OrderError[],
): { outcome: EnvelopeOutcome; gameId?: string } {
  const { deps, tx, mail, inboundId } = ctx;
  const game = env.game ? tx.games.get(env.game) : undefined;
  const auth = authenticate(ctx, env, game);
  if (!auth.ok) {
    const to = game ? gmAddress(deps, tx, game.id) : (deps.referee.gm?.email ?? null);
    if (to)
      wrongSecret(
        deps,
        tx,
        { recipient: to, gameId: game?.id ?? (env.game.toLowerCase() || '(none)'), playerId: GM_ID },
        { sender: mail.from, inboundId, replyTo: mail.messageId },
      );
    deps.log.warn({ game: env.game, sender: mail.from }, 'GM envelope with a wrong secret refused');
    return { outcome: 'auth-failed' };
  }
  const paragraphs: string[] = [];
  const sections: Section[] = [];
  for (const c of env.commands) {
    try {
      const a = deps.store.savepoint(() => gmCommand(ctx, env, c, auth));
      paragraphs.push(`${shownCommand(c)}: ${a.paragraphs.length ? a.paragraphs.join('\n') : 'done.'}`);
      sections.push(...a.sections);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      paragraphs.push([`${shownCommand(c)}: NOT DONE: ${e.message}`, ...e.details.map((d) => `  ${d}`)].join('\n'));
    }
  }
  if (env.plots.length || env.picks?.length || env.fire.length)
    paragraphs.push(
      "Plots, plans picked and fire orders in the game master's envelope are not taken; they were ignored.",
    );
  paragraphs.push(...errors.map((e) => e.message));
  if (!env.commands.length || errors.some((e) => e.code === 'E_UNKNOWN_WORD'))
    sections.push({ heading: "Game master's commands", text: gmHelp(publicUrlOf(deps)) });
  const after = env.game ? (tx.games.get(env.game) ?? null) : null;
  queueAnswer(deps, tx, {
    to: auth.to,
    game: after,
    player: null,
    title: `GM commands${after ? ` for game ${after.id}` : ''}`,
    paragraphs,
    sections,
    inboundId,
    replyTo: mail.messageId,
  });
  return { outcome: 'commands', ...(after ? { gameId: after.id } : {}) };
}
