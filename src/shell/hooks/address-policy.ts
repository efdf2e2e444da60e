/**
 * The hooks' sender's address policy in one place (docs/notifications.md "Addresses"): how a host
 * name is looked up, which addresses a request may connect to, and the words a failed call is
 * recorded in (hook-worker.ts); with them, the check `tallyho doctor` makes of a stored hook's
 * address (shell/doctor-hooks.ts).
 */
import { lookup } from 'node:dns/promises';
import { checkHookAddress } from '../../app/hooks/address.ts';
import { specialAddress } from '../../app/hooks/ip.ts';
import type { HookFormat } from '../../app/ports/club.ts';
import { CallError, checkedLookup, type CallFailure } from './http-call.ts';

/** How a host name is looked up: every address it has. */
export type Resolve = (host: string) => Promise<string[]>;

export const lookupAll: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * Which addresses a request to `target` may connect to: over https never a private or other
 * special-purpose one (app/hooks/ip.ts); http goes to the loopback only (app/hooks/address.ts).
 */
export function allowedFor(target: string): (ip: string) => boolean {
  const https = new URL(target).protocol === 'https:';
  return (ip) => !https || !specialAddress(ip);
}

/** A failed call in the words the sender records (and tells the hook's owner when it gives the hook up). */
export function failureWords(f: CallFailure, timeoutMs = 0): string {
  switch (f.kind) {
    case 'refused':
      return `${f.host} is an address of a private network, which the referee does not call`;
    case 'lookup':
      return `${f.host} could not be looked up (${f.code})`;
    case 'timeout':
      return `no answer within ${timeoutMs / 1000} s`;
    default:
      return `${f.code}: ${f.message}`;
  }
}

export type AddressVerdict = { verdict: 'ok' } | { verdict: 'fail' | 'warn'; reason: string };

/**
 * Whether a stored hook's address would be called now: its host looked up and every address
 * checked as the sender checks them before each call (a refusal fails, in the sender's words),
 * then the address checked as a new one is (app/hooks/address.ts checkHookAddress: https, no
 * password in it, a private name), since it may have been kept under older rules: its reason up
 * to the advice after ': ', which may quote the address. A name that cannot be looked up from here
 * is a warning: the sender tries again at the next message.
 */
export async function storedAddressVerdict(
  url: string,
  format: HookFormat,
  resolve: Resolve = lookupAll,
): Promise<AddressVerdict> {
  let host: string;
  let allowed: (ip: string) => boolean;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    allowed = allowedFor(url);
  } catch {
    return { verdict: 'fail', reason: 'the address cannot be read' };
  }
  const failure = await checkedLookup(host, { resolve, allowed }).then(
    () => null,
    (e: unknown) => {
      if (e instanceof CallError) return e.failure;
      throw e;
    },
  );
  if (failure?.kind === 'refused') return { verdict: 'fail', reason: failureWords(failure) };
  const given = checkHookAddress(url, format);
  if (!given.ok) return { verdict: 'fail', reason: given.error.split(': ')[0]! };
  return failure ? { verdict: 'warn', reason: failureWords(failure) } : { verdict: 'ok' };
}
