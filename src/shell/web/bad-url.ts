/**
 * A path whose percent-escapes do not decode (`/games/%ZZ`, `/games/%E0%A4%A`, a lone `%`): express
 * throws a URIError when it decodes the route's parameters. That is the client's mistake, not the
 * server's: a 400 with the site's error page, not a 500, and nothing in the log.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Page } from './views.ts';

/** An error handler that answers a URL that cannot be decoded, and passes every other error on. */
export function badUrlHandler(pages: Page, local: boolean) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (!(err instanceof URIError)) {
      next(err);
      return;
    }
    res
      .status(400)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        pages('error', {
          title: 'Bad address',
          message:
            'This address cannot be read: a % in it is not followed by two hex digits, or what they spell is not UTF-8 text. Check the link.',
          local,
        }),
      );
  };
}
