/**
 * Logs: pino, JSON lines on standard error (standard output stays free for what a command prints).
 * The use cases log through the small AppLog interface.
 */
import pino, { type Logger } from 'pino';
import type { AppLog } from '../app/ports/deps.ts';

/**
 * A logger writing to a file descriptor (2: standard error) through a buffer that is written out
 * at 4 KiB or every 200 ms, whichever comes first, and at exit.
 */
export function createLogger(level = 'info', fd = 2): Logger {
  const dest = pino.destination({ dest: fd, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      dest.flush();
    } catch {
      // not ready yet, or closing: the next tick or the exit writes it
    }
  }, 200).unref();
  process.once('exit', () => {
    try {
      dest.flushSync();
    } catch {
      // nothing more can be done at exit
    }
  });
  return pino({ level, base: { app: 'tallyho' }, timestamp: pino.stdTimeFunctions.isoTime }, dest);
}

export function appLog(logger: Logger): AppLog {
  return {
    debug: (fields, message) => logger.debug(fields, message),
    info: (fields, message) => logger.info(fields, message),
    warn: (fields, message) => logger.warn(fields, message),
    error: (fields, message) => logger.error(fields, message),
  };
}
