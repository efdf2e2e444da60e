/**
 * The ids of the house: a game's, a player's or a campaign's id, the game master's player id, and
 * an address as a player or the game master gives it.
 */
import { GM_PLAYER } from '../../orders/index.ts';

export const ID_RE = /^[a-z0-9_-]{1,32}$/;
/** The player id of the game master's envelopes: `#TALLYHO <game> gm "<GM secret>"`. */
export const GM_ID = GM_PLAYER;
export const EMAIL_RE = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$|^[^\s@<>"(),;:]+@localhost$/;

/** A turn token (`T7-` and 24 hex digits: keys.turnToken) and the turn it names, group 1. */
export const TURN_TOKEN_RE = /^t(\d{1,4})-[0-9a-f]{24}$/i;
