/**
 * The words every mail shares: the 78-column width and its wrap, a time as the mails write it,
 * and orders quoted back behind `  | `.
 */
import { wrapText } from '../../report/wrap.ts';

export const WIDTH = 78;

export const wrap = (text: string, indent = 2): string => wrapText(text, WIDTH, indent);

/** Orders as the referee read them, behind `  | ` so that a reply never reads them as orders again. */
export const quotedOrders = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `  | ${l}`)
    .join('\n');

export const when = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
