/** Word-wrapping for fixed-width mail text: no line longer than `width`, continuation indented. */
export function wrapLine(line: string, width = 78, indent = 4): string[] {
  if (line.length <= width) return [line];
  const lead = ' '.repeat(Math.min(indent + (line.length - line.trimStart().length), width / 2));
  const out: string[] = [];
  let cur = '';
  for (const word of line.split(/(?<=\S)\s+/)) {
    const w = cur ? word.trim() : word;
    if (cur && (cur + ' ' + w).length > width) {
      out.push(cur);
      cur = lead + w;
    } else cur = cur ? `${cur} ${w}` : w;
    while (cur.length > width) { out.push(cur.slice(0, width)); cur = lead + cur.slice(width); }
  }
  if (cur) out.push(cur);
  return out;
}

export const wrapText = (text: string, width = 78, indent = 4): string =>
  text.split('\n').flatMap((l) => wrapLine(l, width, indent)).join('\n');
