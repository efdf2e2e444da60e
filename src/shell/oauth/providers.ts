/**
 * The OAuth2 providers Tallyho knows by name (docs/gm-guide.md "Gmail and Microsoft 365 by
 * OAuth2"): where a GM consents (authorization endpoint), where tokens come from (token endpoint),
 * and the scope that allows IMAP and SMTP. Any of them can be overridden (OAUTH_TOKEN_URL,
 * OAUTH_SCOPE; `tallyho oauth --auth-url --token-url --scope`), which is also how another
 * provider, or a test's local server, is used.
 */
export type ProviderName = 'google' | 'microsoft';

export interface Provider {
  name: ProviderName;
  authUrl: string;
  tokenUrl: string;
  scope: string;
  /** Added to the authorization URL: what makes the provider hand out a refresh token. */
  authParams: Record<string, string>;
  /** The mail servers to put in .env. */
  imapHost: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: 'starttls' | 'true';
}

export const PROVIDERS: Record<ProviderName, Provider> = {
  google: {
    name: 'google',
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scope: 'https://mail.google.com/',
    // offline: a refresh token; consent: asked again, so a second run gets one too
    authParams: { access_type: 'offline', prompt: 'consent' },
    imapHost: 'imap.gmail.com',
    smtpHost: 'smtp.gmail.com',
    smtpPort: 465,
    smtpTls: 'true',
  },
  microsoft: {
    name: 'microsoft',
    // "common": work or school accounts (Microsoft 365) and personal ones (Outlook.com)
    authUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope: 'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access',
    authParams: { prompt: 'select_account' },
    imapHost: 'outlook.office365.com',
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    smtpTls: 'starttls',
  },
};

export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];

export const isProviderName = (s: string): s is ProviderName => (PROVIDER_NAMES as string[]).includes(s);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why `raw` cannot be an OAuth2 endpoint, or null when it can: an absolute https URL, or http on
 * the loopback interface only (a provider run for tests or on the same machine). Secrets travel
 * to it, so plain http elsewhere is refused.
 */
export function endpointProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `'${raw}' is not a URL`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `'${raw}' is not an https URL (plain http only on 127.0.0.1 or localhost)`;
}
