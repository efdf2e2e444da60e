/**
 * The HELP texts mailed back for HELP and for an unknown command: the players' commands, and in
 * the game master's envelope the GM commands too. Each line at most 78 columns, but a link. With
 * PUBLIC_URL they end with the link to the guide on the web archive; without it they name no file.
 */
import { docUrl } from '../words/doc-links.ts';

/** The lines of the players' HELP that differ between the full game and the quick game (seed 004). */
const HELP_WORDS = {
  full: {
    history: 'the impulse logs of those turns (at most 10 a mail)',
    card: `the aircraft card of that plane (yours or an enemy's)
                     or type, e.g. CARD R1, CARD spitfire-1a; without one:
                     the cards of your planes`,
    docs: "The welcome mail explains the orders; your game master\nhas the whole player's guide.",
    guide: { doc: 'players' },
  },
  quick: {
    history: 'what happened in those turns (at most 10 a mail)',
    card: `the numbers of that aircraft (yours or an enemy's)
                     or type, e.g. CARD S1, CARD spitfire; without one:
                     your aircraft's`,
    docs: 'The welcome mail has the whole rules.',
    guide: { doc: 'quick' },
  },
} as const;

const helpText = (
  w: (typeof HELP_WORDS)[keyof typeof HELP_WORDS],
  publicUrl: string | null,
): string => `Commands go one per line inside your envelope, with or without orders:

  #TALLYHO <game> <player> "<secret or turn token>"
  STATUS
  #END

HELP                 this list
STATUS               the turn, its deadline, whose orders are in
RESEND [turn]        the report of that turn again (the last one without a
                     number)
HISTORY [from [to]]  ${w.history}
MAP                  the map as it stands now
CARD [plane or type] ${w.card}
WAIT                 this turn is not resolved before its deadline, even
                     when every order is in
NOWAIT               takes your WAIT back
CONFIRM              your orders with a WARNING are flown as they are: the
                     turn no longer waits for you to change them
LEAVE <n> DAYS       away: the stand-in pilot flies your planes for n days
                     (within the leave the game allows); the others are
                     told only that it flies them
BACK                 you fly your planes again; unused days stay yours
SECRET               a new secret, mailed to your registered address (also
                     without an envelope); the old one stops working
ZONE <zone>          deadlines also in your time zone, e.g. ZONE
                     America/New_York; ZONE GAME: the game's only
NOTIFY <address>     "your turn" beside the mail: a Discord, Slack or Matrix
                     webhook, an ntfy topic or a JSON POST address;
                     NOTIFY OFF stops, NOTIFY TEST tries it
JOIN [note]          ask to join a game open to sign-up: write the player
                     id you want in the envelope, any secret; the game
                     master approves and you get your secret by mail
ROSTER               in a campaign's game: your pilots, their ratings,
                     sorties, victories and fates
CAMPAIGN             in a campaign's game: the standing, the games played
                     and what comes next
CALENDAR             the link of your private calendar of deadlines (all
                     your games), to subscribe to in your calendar program
READY                before the game: your answer to the muster (also a
                     reply to the muster's mail saying just READY)

A command is answered in a mail of its own. Orders in the same envelope are
handled as usual. ${publicUrl ? `The whole ${w.guide.doc === 'quick' ? 'rules' : "player's guide"} is on the web:\n${docUrl(publicUrl, w.guide)}` : w.docs}`;

/** The players' HELP for a game: the quick game's own words (docs/quick.md), or the full game's. */
export const playerHelp = (quick: boolean, publicUrl: string | null): string =>
  helpText(quick ? HELP_WORDS.quick : HELP_WORDS.full, publicUrl);

/** The game master's HELP. */
export const gmHelp = (
  publicUrl: string | null,
): string => `Game master's commands go in an envelope for the player id "gm", with the
game's GM secret (or the installation's GM_SECRET):

  #TALLYHO <game> gm "<GM secret>"
  EXTEND 12h
  #END

CREATE <scenario>    a new game <game> from scenarios/<scenario>.yaml
                     (installation's GM secret only)
START                start the game: every player gets the welcome
MUSTER [time]        before START: every player answers READY within the
                     time (3d without one); turn 1 opens when all have.
                     Again: more time, the missing called again
PAUSE [reason]       stop the clock; RESUME starts it again
EXTEND [time]        move the deadline on (e.g. 12h, 2d; the game's
                     default without a time), within the game's limits
PROCESS              resolve the turn now; planes without orders fly the
                     default (or the stand-in flies them: SET missed)
PREVIEW              the turn as it would be resolved now, to you only;
                     nothing is saved or sent
ROLLBACK             undo the last turn; it is resolved again (RERUN)
REPLACE <player> <new player> <address>
                     hand a player's planes to a newcomer, who is briefed;
                     the new secret comes back to you
REPLACE <player> COMPUTER, COMPUTER <player>
                     the stand-in pilot flies the player's planes from now on
COMPUTER <side>      before START: a seat the stand-in pilot flies, with
                     the side's planes nobody has
RECORD <address>     a player's record on this referee: turns on time,
                     missed, flown by the stand-in, games left
TERMINATE [reason]   end the game
APPROVE <player> <planes>, DECLINE <player>
                     answer a sign-up request (JOIN)
SET <setting> <value>
                     deadline (none, every 2 days at 20:00 [weekdays],
                     dates 2026-01-12 20:00, ...), zone, grace, remind,
                     minimum, misses, extensions <per turn> <in all>,
                     extend, signup on|off, missed standin|default,
                     standin recruit|regular|ace, leave 14d;
                     every change is announced
STATUS, MAP, CARD, HISTORY [from [to]], HELP
                     as for players, with every player and plane

Campaigns, in an envelope for the campaign's id or one of its games:
CAMPAIGN CREATE <file>
                     a new campaign from campaigns/<file>.yaml
                     (installation's GM secret only)
CAMPAIGN PLAYER <player> <address>
                     the address of a player of the campaign
CAMPAIGN ASSIGN <plane> <pilot>
                     who flies that plane in the next game (auto: the best
                     free pilot)
CAMPAIGN NEXT        start the next game
CAMPAIGN             the standing and every roster, every rating told

The same operations are on the command line (tallyho game, tallyho gm set,
tallyho campaign).${
  publicUrl
    ? ` The game master's guide tells more:
${docUrl(publicUrl, { doc: 'gm-guide' })}`
    : ''
}`;
