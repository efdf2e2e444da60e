/** Word-wrapping for fixed-width mail text: no line longer than `width`, continuation indented. */
export function wrapLine(line: string, width = 78, indent = 4): string[] {
  if (line.length <= width) return [line];
  const lead = ' '.repeat(Math.min(indent, Math.floor(width / 2)));
  const out: string[] = [];
  let cur = '';
  for (const piece of line.match(/\s*\S+/g) ?? []) {
    if (cur && cur.length + piece.length > width) {
      out.push(cur);
      cur = lead + piece.trimStart();
    } else cur += piece;
    while (cur.length > width) {
      out.push(cur.slice(0, width));
      cur = lead + cur.slice(width);
    }
  }
  if (cur) out.push(cur);
  return out;
}

export const wrapText = (text: string, width = 78, indent = 4): string =>
  text
    .split('\n')
    .flatMap((l) => wrapLine(l, width, indent))
    .join('\n');
