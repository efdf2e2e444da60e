/**
 * Who plays: a replacement taking over a player's planes (REPLACE; the newcomer is briefed with the
 * welcome mail on the current situation), sign-up by mail (JOIN, confirmed by its address, then
 * approved or declined by the game master), the game master's own address and secret, and a player's time zone.
 */
import { currentDeadline, turnReadiness } from '../game/deadlines.ts';
import { deadlineText } from '../game/settings.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { addPlayer, requireGame } from './games.ts';
import { EMAIL_RE, GM_ID, ID_RE } from '../ports/ids.ts';
import { queueWelcome } from '../mail/messages.ts';
import { alertGm, announce, queueAnswer } from '../mail/notify.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { canonicalZone } from '../game/zones.ts';
import { musterSeatTaken } from './muster.ts';

function checkNewPlayer(
  deps: AppDeps,
  tx: StoreTx,
  gameId: string,
  id: string,
  email: string,
): { id: string; email: string } {
  const pid = id.toLowerCase();
  const mail = email.trim().toLowerCase();
  if (!ID_RE.test(pid) || pid === GM_ID)
    throw new AppError(
      'E_USAGE',
      `'${id}' is not a player id: 1 to 32 letters, digits, '-' or '_' (and not '${GM_ID}')`,
    );
  if (!EMAIL_RE.test(mail)) throw new AppError('E_USAGE', `'${email}' is not a mail address`);
  if (mail === deps.referee.address) throw new AppError('E_USAGE', `${mail} is the referee's own address`);
  if (tx.players.get(gameId, pid)) throw new AppError('E_STATE', `game '${gameId}' has a player '${pid}' already`);
  return { id: pid, email: mail };
}

export interface ReplaceResult {
  player: PlayerRow;
  secret: string;
  lines: string[];
}

/** Hands every plane of `oldId` to a new player; the newcomer gets a briefing, everyone is told. */
export function replacePlayer(
  deps: AppDeps,
  input: { gameId: string; oldId: string; newId: string; email: string; zone?: string | null },
): ReplaceResult {
  const secret = deps.keys.newSecret();
  const secretHash = deps.keys.hashSecret(secret);
  return deps.store.tx((tx) => {
    const game = requireGame(tx, input.gameId);
    if (game.status === 'over') throw new AppError('E_STATE', `game '${game.id}' is over`);
    const old = tx.players.get(game.id, input.oldId.toLowerCase());
    if (!old || old.status !== 'active')
      throw new AppError('E_NOT_FOUND', `game '${game.id}' has no active player '${input.oldId}'`);
    const n = checkNewPlayer(deps, tx, game.id, input.newId, input.email);
    const zone = input.zone ? canonicalZone(input.zone) : null;
    if (input.zone && !zone) throw new AppError('E_USAGE', `'${input.zone}' is not a time zone name`);
    tx.players.insert({
      gameId: game.id,
      id: n.id,
      email: n.email,
      secretHash,
      createdAt: deps.clock.now(),
      planes: [],
      zone,
    });
    tx.control.transferPlanes(game.id, old.id, n.id);
    tx.control.withdrawOrders(game.id, game.turn, `withdrawn: ${old.id} was replaced by ${n.id}`, old.id);
    // The old player's notifications end with his seat (docs/notifications.md "Setting one").
    const hook = tx.club.activeHook(game.id, old.id);
    if (hook) tx.club.endHook(hook.id, 'off', deps.clock.now());
    const player = tx.players.get(game.id, n.id) as PlayerRow;
    const planes = player.planes.join(', ');
    queueAnswer(deps, tx, {
      to: old.email,
      game,
      player: old,
      kind: 'notice',
      title: 'you were replaced',
      paragraphs: [
        `The game master handed your planes in game ${game.id} (${planes}) to ${n.id}. Orders from you are no longer taken in this game${hook ? ', and your notifications for it are off' : ''}. Thank you for playing.`,
      ],
    });
    if (game.status === 'running') {
      const state = tx.turns.get(game.id, game.turn)?.state;
      if (state) {
        queueWelcome(
          deps,
          tx,
          game,
          player,
          state,
          `You take over ${planes} from ${old.id} at turn ${game.turn}: below is the situation now, ` +
            `each plane's log sheet and ready-to-send orders for turn ${game.turn}. Your secret comes from the game master.`,
        );
      }
      announce(deps, tx, game, `${n.id} takes over from ${old.id}`, [
        `From turn ${game.turn} on, ${planes} ${player.planes.length === 1 ? 'is' : 'are'} flown by ${n.id} in place of ${old.id}.`,
      ]);
    }
    // During a muster the newcomer counts as ready; the last seat ready starts the game (muster.ts).
    const muster = musterSeatTaken(deps, tx, game.id, player, old.id);
    return {
      player,
      secret,
      lines: [
        `${n.id} (${n.email}) takes over ${planes} from ${old.id}${game.status === 'running' ? '; the briefing is queued' : ''}`,
        ...muster,
      ],
    };
  });
}

/** Whether a JOIN may be taken: the game open to sign-up, the id and address fit; throws an AppError if not. */
export function checkJoin(
  deps: AppDeps,
  tx: StoreTx,
  input: { gameId: string; playerId: string; email: string },
): { id: string; email: string } {
  const game = requireGame(tx, input.gameId);
  if (!tx.control.get(game.id).settings.signup || game.status !== 'setup') {
    throw new AppError('E_STATE', `game '${game.id}' is not open to sign-up`);
  }
  const n = checkNewPlayer(deps, tx, game.id, input.playerId, input.email);
  // A confirmed request is not overwritten from another address.
  const waiting = tx.control.joinRequests(game.id).find((r) => r.playerId === n.id);
  if (waiting && waiting.email !== n.email)
    throw new AppError('E_STATE', `another address asked to join game '${game.id}' as '${n.id}' already`);
  return n;
}

/**
 * A sign-up request for a game open to it, once its address confirmed it (signup.ts): it goes on
 * the game master's list, and the game master is alerted to approve or decline it.
 */
export function requestJoin(
  deps: AppDeps,
  tx: StoreTx,
  input: { gameId: string; playerId: string; email: string; note: string },
): string[] {
  const game = requireGame(tx, input.gameId);
  const n = checkJoin(deps, tx, input);
  const note = input.note.slice(0, 200);
  tx.control.addJoinRequest({ gameId: game.id, playerId: n.id, email: n.email, note, requestedAt: deps.clock.now() });
  alertGm(deps, tx, game, `player '${n.id}' asks to join`, [
    `${n.email} asks to join game ${game.id} as '${n.id}'${note ? `: "${note}"` : ''}.`,
    `To approve: APPROVE ${n.id} <planes> in a GM envelope, or tallyho player approve ${game.id} ${n.id} --planes <ids>. To decline: DECLINE ${n.id}.`,
  ]);
  return [
    `Your request to join game ${game.id} (${game.name}) as '${n.id}' went to the game master. If it is approved you will get your secret and your planes by mail.`,
  ];
}

/** Approves a sign-up: the player is added with the planes, and mailed the secret. */
export function approveJoin(
  deps: AppDeps,
  gameId: string,
  playerId: string,
  planes: string[],
): { player: PlayerRow; secret: string } {
  const req = deps.store.tx((tx) => tx.control.joinRequests(gameId).find((r) => r.playerId === playerId.toLowerCase()));
  if (!req) throw new AppError('E_NOT_FOUND', `there is no request to join game '${gameId}' from '${playerId}'`);
  return deps.store.tx((tx) => {
    const r = addPlayer(deps, { gameId, playerId: req.playerId, email: req.email, planes });
    tx.control.removeJoinRequest(gameId, req.playerId);
    const game = requireGame(tx, gameId);
    queueAnswer(deps, tx, {
      to: r.player.email,
      game,
      player: r.player,
      kind: 'notice',
      title: 'you are in',
      paragraphs: [
        `The game master approved your request: you play game ${game.id} (${game.name}) as '${r.player.id}', flying ${r.player.planes.join(', ')}.`,
        `Your secret is: ${r.secret}`,
        'Keep this mail to yourself: the secret proves orders are yours (the orders templates carry a token in its place). The welcome with the map and your orders for turn 1 comes when the game starts.',
      ],
    });
    return r;
  });
}

export function declineJoin(deps: AppDeps, gameId: string, playerId: string): string[] {
  return deps.store.tx((tx) => {
    const game = requireGame(tx, gameId);
    const req = tx.control.joinRequests(gameId).find((r) => r.playerId === playerId.toLowerCase());
    if (!req) throw new AppError('E_NOT_FOUND', `there is no request to join game '${gameId}' from '${playerId}'`);
    tx.control.removeJoinRequest(gameId, req.playerId);
    queueAnswer(deps, tx, {
      to: req.email,
      game,
      player: null,
      kind: 'notice',
      title: 'your request to join was declined',
      paragraphs: [`The game master declined your request to join game ${game.id} as '${req.playerId}'.`],
    });
    return [`the request of ${req.playerId} (${req.email}) was declined`];
  });
}

/** Sets the game master's address and, with `newSecret`, a new GM secret (returned once, stored hashed). */
export function setGm(
  deps: AppDeps,
  gameId: string,
  input: { email?: string; newSecret?: boolean },
): { email: string | null; secret: string | null } {
  const secret = input.newSecret ? deps.keys.newSecret() : null;
  const hash = secret ? deps.keys.hashSecret(secret) : null;
  return deps.store.tx((tx) => {
    const game = requireGame(tx, gameId);
    const control = tx.control.get(game.id);
    let email = control.gmEmail;
    if (input.email !== undefined) {
      email = input.email.trim().toLowerCase();
      if (!EMAIL_RE.test(email)) throw new AppError('E_USAGE', `'${input.email}' is not a mail address`);
    }
    tx.control.save({ ...control, gmEmail: email, gmSecretHash: hash ?? control.gmSecretHash });
    return { email, secret };
  });
}

/**
 * A new secret for a player who lost his (campaign players are given turn tokens only): the old
 * one no longer works; the turn tokens of the referee's mails still do. Returned once, stored
 * hashed. By the command line (tallyho player secret) or the player's SECRET by mail, whose
 * answer goes to his registered address only.
 */
export function newPlayerSecret(
  deps: AppDeps,
  tx: StoreTx,
  gameId: string,
  playerId: string,
): { player: PlayerRow; secret: string } {
  const p = tx.players.get(requireGame(tx, gameId).id, playerId.toLowerCase());
  if (!p || p.status === 'replaced') throw new AppError('E_NOT_FOUND', `game '${gameId}' has no player '${playerId}'`);
  const secret = deps.keys.newSecret();
  tx.players.setSecret(p.gameId, p.id, deps.keys.hashSecret(secret));
  deps.log.info({ game: p.gameId, player: p.id }, 'a new secret issued');
  return { player: p, secret };
}

/** A player's own time zone for deadlines in mail (null: the game's). */
export function setPlayerZone(deps: AppDeps, gameId: string, playerId: string, zone: string | null): string | null {
  return deps.store.tx((tx) => {
    const p = tx.players.get(requireGame(tx, gameId).id, playerId.toLowerCase());
    if (!p) throw new AppError('E_NOT_FOUND', `game '${gameId}' has no player '${playerId}'`);
    const z = zone ? canonicalZone(zone) : null;
    if (zone && !z)
      throw new AppError('E_USAGE', `'${zone}' is not a time zone name (for example Europe/Berlin, America/New_York)`);
    tx.control.setZone(gameId, p.id, z);
    return z;
  });
}

/** The id of a new seat of the computer's: `computer`, or `computer2`, `computer3`... when taken. */
function computerId(tx: StoreTx, gameId: string): string {
  for (let n = 1; ; n++) {
    const id = n === 1 ? 'computer' : `computer${n}`;
    if (!tx.players.get(gameId, id)) return id;
  }
}

/** A new seat the stand-in pilot flies every turn (docs/standin.md): no address, a secret nobody holds. */
function insertComputer(deps: AppDeps, tx: StoreTx, gameId: string, planes: string[]): PlayerRow {
  const id = computerId(tx, gameId);
  tx.players.insert({
    gameId,
    id,
    email: '',
    secretHash: deps.keys.hashSecret(deps.keys.newSecret()),
    createdAt: deps.clock.now(),
    planes,
    pilot: 'computer',
  });
  return tx.players.get(gameId, id) as PlayerRow;
}

/** The side a GM names: by its id or its name, case-blind (`lw`, `Luftwaffe`). */
export const sideNamed = (sides: Readonly<Record<string, { name: string }>>, name: string): string | undefined =>
  Object.keys(sides).find(
    (id) => id.toLowerCase() === name.toLowerCase() || sides[id]?.name.toLowerCase() === name.toLowerCase(),
  );

/** The sides, for a message: `its sides: raf (Royal Air Force), lw (Luftwaffe)`. */
export const sidesList = (sides: Readonly<Record<string, { name: string }>>): string =>
  `its sides: ${Object.entries(sides)
    .map(([id, s]) => `${id} (${s.name})`)
    .join(', ')}`;

/**
 * Before START: a seat the computer flies for every plane, truck, tank and ship of `side` that has
 * no player yet (`tallyho game create --computer`, `COMPUTER <side>` by mail).
 */
export function addComputerSeat(deps: AppDeps, tx: StoreTx, gameId: string, sideName: string): PlayerRow {
  const game = requireGame(tx, gameId);
  if (game.status !== 'setup')
    throw new AppError(
      'E_STATE',
      `game '${game.id}' has started: hand a player's planes to the computer with COMPUTER <player> (tallyho game computer ${game.id} <player>)`,
    );
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state) throw new AppError('E_STATE', `game '${game.id}' has no state for turn ${game.turn}`);
  const side = sideNamed(state.sides, sideName);
  if (!side)
    throw new AppError('E_NOT_FOUND', `game '${game.id}' has no side or player '${sideName}'`, [
      sidesList(state.sides),
    ]);
  const taken = new Set(tx.players.list(game.id).flatMap((p) => p.planes));
  const planes = [
    ...state.planes.filter((p) => p.side === side).map((p) => p.id),
    ...(state.units ?? []).filter((u) => u.side === side).map((u) => u.id),
  ].filter((id) => !taken.has(id));
  if (!planes.length) throw new AppError('E_STATE', `every plane of side ${side} has a player already`);
  return insertComputer(deps, tx, game.id, planes);
}

/**
 * `COMPUTER <player>` / `REPLACE <player> COMPUTER`: the stand-in pilot flies every plane of the
 * player from now on, in a new seat of the computer's; the player is told and the others too. A
 * human takes the seat over later with REPLACE, as from any player.
 */
export function computerTakesOver(
  deps: AppDeps,
  tx: StoreTx,
  gameId: string,
  oldId: string,
): { player: PlayerRow; lines: string[] } {
  const game = requireGame(tx, gameId);
  if (game.status === 'over') throw new AppError('E_STATE', `game '${game.id}' is over`);
  const old = tx.players.get(game.id, oldId.toLowerCase());
  if (!old || old.status !== 'active')
    throw new AppError('E_NOT_FOUND', `game '${game.id}' has no active player '${oldId}'`);
  if (old.pilot === 'computer') throw new AppError('E_STATE', `the computer flies ${old.id}'s seat already`);
  const player = insertComputer(deps, tx, game.id, []);
  tx.control.transferPlanes(game.id, old.id, player.id);
  tx.control.withdrawOrders(game.id, game.turn, `withdrawn: the computer took over from ${old.id}`, old.id);
  const seat = tx.players.get(game.id, player.id) as PlayerRow;
  const planes = seat.planes.join(', ');
  queueAnswer(deps, tx, {
    to: old.email,
    game,
    player: old,
    kind: 'notice',
    title: 'the computer flies your planes',
    paragraphs: [
      `The game master handed your planes in game ${game.id} (${planes}) to the stand-in pilot: it flies them from now on. Orders from you are no longer taken in this game. Thank you for playing.`,
    ],
  });
  let waits = '';
  if (game.status === 'running') {
    // With every other order in (and nothing holding the turn) it is resolved in the same step: the
    // notice says so, and carries no orders for a turn that will be closed when it is read.
    const r = turnReadiness(tx, game, deps.clock.now());
    // Every seat now flown by the stand-in (the computer's, or on leave): the turn waits, as resolve.ts has it.
    waits = r.standinOnly ? standinOnlyWords(tx, game) : '';
    announce(
      deps,
      tx,
      game,
      `the computer takes over from ${old.id}`,
      [
        `From turn ${game.turn} on, ${planes} ${seat.planes.length === 1 ? 'is' : 'are'} flown by the stand-in pilot (player ${seat.id}) in place of ${old.id}. It knows only what its side sees, never anyone's orders.${waits ? '' : " Turns are resolved as soon as the other players' orders are in."}`,
        ...(r.ready
          ? [
              `Every other player's orders for turn ${game.turn} are in: it is resolved with that, and its report follows.`,
            ]
          : []),
        ...(waits ? [waits] : []),
      ],
      r.ready ? { ready: false } : {},
    );
  }
  const muster = musterSeatTaken(deps, tx, game.id, seat, old.id);
  return {
    player: seat,
    lines: [
      `${seat.id} (the stand-in pilot) takes over ${planes} from ${old.id}${game.status === 'running' ? '; the players are told' : ''}`,
      ...(waits ? [waits] : []),
      ...muster,
    ],
  };
}

/** The words of a turn no player's own orders will complete (every seat the stand-in's): it waits for its deadline or PROCESS. */
function standinOnlyWords(tx: StoreTx, game: GameRow): string {
  const d = currentDeadline(tx, game);
  const until =
    d === null
      ? "the game master's PROCESS (the turn has no deadline)"
      : `its deadline, ${deadlineText(d, tx.control.get(game.id).settings.zone, null)}, or the game master's PROCESS`;
  return `Every seat of turn ${game.turn} is now flown by the stand-in pilot (the computer's, or a player on leave): with no player's own orders to wait for, the turn waits for ${until}.`;
}

/** COMPUTER <name>: the stand-in takes an active player's seat, or (before START) a side's planes nobody has. The lines of the answer. */
export function computerSeat(deps: AppDeps, tx: StoreTx, gameId: string, name: string): string[] {
  const p = tx.players.get(gameId, name.toLowerCase());
  if (p && p.status === 'active') return computerTakesOver(deps, tx, gameId, p.id).lines;
  const seat = addComputerSeat(deps, tx, gameId, name);
  return [`${seat.id}: a seat the stand-in pilot flies, with ${seat.planes.join(', ')}`];
}
