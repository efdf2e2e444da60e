/**
 * Every web address of the referee, spelt in one place (docs/architecture.md "Web addresses"): the
 * paths of its pages (`paths`: the archive, the plotter, the calendar feeds, the docs, the
 * administration pages and local mode's outgoing mail), the full address a mail, a hook or a
 * calendar gives (`webUrl`: PUBLIC_URL before the path), and the routes the web server declares
 * (`ROUTES`: express's patterns of the same paths). Ids are percent-encoded; tokens and numbers go
 * in as they are.
 */
const enc = encodeURIComponent;

/** The routes of the web server, as express reads them. */
export const ROUTES = {
  home: '/',
  health: '/health',
  favicon: '/favicon.ico',
  static: '/static',
  staticMapCss: '/static/map.css',
  games: '/games',
  game: '/games/:game',
  turn: '/games/:game/turns/:turn',
  sheet: '/games/:game/turns/:turn/planes/:plane',
  campaigns: '/campaigns',
  campaign: '/campaigns/:campaign',
  pilot: '/campaigns/:campaign/pilots/:pilot',
  plotter: '/games/:game/plot/:player/:plane/:token',
  calendar: '/calendar/:file',
  docs: '/docs',
  docImage: '/docs/images/:file',
  doc: '/docs/:name',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminLogout: '/admin/logout',
  adminGame: '/admin/games/:game',
  adminAction: '/admin/games/:game/:action',
  /** Any address of the administration pages (answered "off" without ADMIN_PASSWORD). */
  anyAdmin: /^\/admin(\/.*)?$/,
  mail: '/mail',
  mailOne: '/mail/:id',
  mailHtml: '/mail/:id/html',
  mailPicture: '/mail/:id/map.png',
} as const;

/** The parts of the plotter a picked way asks for (its path, its shots), below the plotter's own address. */
export const PLOTTER_PARTS = { way: 'way', shots: 'shots' } as const;

/** The route of a part of the plotter, by the way's index. */
export const plotterPartRoute = (what: string): string => `${ROUTES.plotter}/${what}/:way`;

/** The paths of the pages, for their links. */
export const paths = {
  games: (page = 1): string => (page === 1 ? ROUTES.games : `${ROUTES.games}?page=${page}`),
  game: (game: string): string => `${ROUTES.games}/${enc(game)}`,
  turn: (game: string, turn: number): string => `${paths.game(game)}/turns/${turn}`,
  sheet: (game: string, turn: number, plane: string): string => `${paths.turn(game, turn)}/planes/${enc(plane)}`,
  campaigns: (): string => ROUTES.campaigns,
  campaign: (campaign: string): string => `${ROUTES.campaigns}/${enc(campaign)}`,
  pilot: (campaign: string, pilot: string): string => `${paths.campaign(campaign)}/pilots/${enc(pilot)}`,
  /** A plane's plotter, opened by the player's turn token. */
  plotter: (game: string, player: string, plane: string, token: string): string =>
    `${paths.game(game)}/plot/${enc(player)}/${enc(plane)}/${token}`,
  /** An address's private calendar feed, by its token. */
  calendar: (token: string): string => `/calendar/${token}.ics`,
  docs: (): string => ROUTES.docs,
  /** A doc's page; `anchor` a heading's anchor (without the #), or a '#...' suffix as written. */
  doc: (name: string, anchor = ''): string =>
    `${ROUTES.docs}/${name}${anchor && !anchor.startsWith('#') ? `#${anchor}` : anchor}`,
  docImage: (file: string): string => `${ROUTES.docs}/images/${file}`,
  static: (file: string): string => `${ROUTES.static}/${file}`,
  admin: (): string => ROUTES.admin,
  adminLogin: (): string => ROUTES.adminLogin,
  adminLogout: (): string => ROUTES.adminLogout,
  adminGame: (game: string): string => `${ROUTES.admin}/games/${enc(game)}`,
  adminAction: (game: string, action: string): string => `${paths.adminGame(game)}/${action}`,
  mail: (): string => ROUTES.mail,
  mailOne: (id: number): string => `${ROUTES.mail}/${id}`,
  mailHtml: (id: number): string => `${paths.mailOne(id)}/html`,
  mailPicture: (id: number): string => `${paths.mailOne(id)}/map.png`,
};

/** A page's full address on the web: the referee's PUBLIC_URL (no trailing slash) before its path. */
export const webUrl = (publicUrl: string, path: string): string => `${publicUrl}${path}`;

/** The fixed paths the pages' templates link to (`{{sitePath "games"}}`), by name. */
export const TEMPLATE_PATHS: Readonly<Record<string, string>> = {
  games: paths.games(),
  campaigns: paths.campaigns(),
  docs: paths.docs(),
  admin: paths.admin(),
  adminLogin: paths.adminLogin(),
  adminLogout: paths.adminLogout(),
  mail: paths.mail(),
  notificationsDoc: paths.doc('notifications'),
  archiveCss: paths.static('archive.css'),
  mapCss: ROUTES.staticMapCss,
  archiveScript: paths.static('archive.js'),
  plotterScript: paths.static('plotter.js'),
};
