/**
 * The stand-in pilot's version (docs/gm-guide.md "The stand-in"): stored with every set of
 * orders it gives, and raised whenever what it chooses in a given state changes, so that
 * `tallyho verify` re-derives the orders of the turns flown by this version and says which older
 * ones it cannot.
 */
export const STANDIN_VERSION = 10;
