/**
 * The places in the documentation that the core's messages cite, as data: a Problem's `see`. The
 * message itself says what to do, so a mail can stand without the citation; the app turns it into
 * a link to the page the web archive serves (`<PUBLIC_URL>/docs/<doc>#<anchor>`, with PUBLIC_URL
 * set) or leaves it out. No message names a file: a player by mail has none. A test checks that
 * every entry names a doc and a heading that exist (tests/docs/doc-check.test.ts).
 */

/** A doc (its file name in docs/ without `.md`) and, optionally, one of its headings. */
export interface DocRef {
  doc: string;
  section?: string;
}

export const DOC_REFS = {
  onGround: { doc: 'ground', section: 'Orders' },
  landing: { doc: 'ground', section: 'Landing' },
  rockets: { doc: 'ordnance', section: 'Rockets' },
  torpedoes: { doc: 'ordnance', section: 'Torpedoes' },
  campaigns: { doc: 'campaigns' },
} as const satisfies Record<string, DocRef>;

/**
 * A heading's anchor as GitHub makes it, so that the links between the docs work both there and on
 * the web archive's pages: the text without its markup, lower case, every character but letters,
 * digits, spaces, `-` and `_` dropped, each space a `-` ("The impulse table (seed 000 XII)" is
 * `the-impulse-table-seed-000-xii`). A second heading with the same anchor gets `-1`, a third `-2`
 * (the renderer counts them).
 */
export function headingAnchor(text: string): string {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return plain.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}
