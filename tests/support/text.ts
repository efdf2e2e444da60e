/**
 * Text helpers of the mail tests: a mail's text with its line breaks and runs of spaces made one
 * space (wrapped paragraphs compared as one line), and a text quoted as a mail program quotes it in
 * a reply.
 */
export const flat = (text: string): string => text.replace(/\s+/g, ' ');

export const quoted = (text: string): string =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
