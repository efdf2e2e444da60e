/**
 * The docs a mail cites, as the web archive serves them (src/shell/web/docs.ts): with PUBLIC_URL a
 * citation is a link to the page and its section; without it, nothing (the mail's own words say
 * what to do). No mail names a file of docs/: a player by mail has none.
 */
import { type DocRef, headingAnchor } from '../../core/doc-refs.ts';
import type { AppDeps } from '../ports/deps.ts';
import { paths, webUrl } from './urls.ts';

/** The page of a doc on the web archive, with the section's anchor: `<PUBLIC_URL>/docs/ground#landing`. */
export const docUrl = (publicUrl: string, ref: DocRef): string =>
  webUrl(publicUrl, paths.doc(ref.doc, ref.section ? headingAnchor(ref.section) : ''));

/** ` (see <url>)` to close a sentence that cites the doc, or '' without PUBLIC_URL (or a citation). */
export const seeLink = (publicUrl: string | null | undefined, ref: DocRef | undefined): string =>
  publicUrl && ref ? ` (see ${docUrl(publicUrl, ref)})` : '';

/** The archive's address, when the GM published it (PUBLIC_URL). */
export const publicUrlOf = (deps: AppDeps): string | null => deps.referee.publicUrl ?? null;

/** A problem of the core as a line of a mail: where, what, the rule it applies and the doc's link. */
export function problemLine(
  p: { message: string; plane?: string; box?: number; rule?: string; see?: DocRef },
  publicUrl: string | null,
): string {
  const where = p.plane && !p.message.startsWith(p.plane) ? `${p.plane}${p.box ? `, box ${p.box}` : ''}: ` : '';
  return `${where}${p.message}${p.rule ? ` [${p.rule}]` : ''}${seeLink(publicUrl, p.see)}`;
}
