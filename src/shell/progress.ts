/**
 * A progress bar on standard error, drawn only when it is a terminal (never into a file, a pipe or
 * a log), redrawn at most once per percent, and wiped when done.
 */
export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

const WIDTH = 30;

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => {}, done: () => {} };
  let shown = -1;
  let drawn = false;
  return {
    update(done, total) {
      const pct = total > 0 ? Math.floor((done * 100) / total) : 100;
      if (pct === shown) return;
      shown = pct;
      const fill = Math.round((pct / 100) * WIDTH);
      stream.write(
        `\r${label} [${'#'.repeat(fill)}${'.'.repeat(WIDTH - fill)}] ${String(pct).padStart(3)}% ${done}/${total}`,
      );
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
