/**
 * One request of a hook (docs/notifications.md "Addresses"): node's http/https with the host looked
 * up by the caller's `resolve`, and every address it gives checked before the connection is made.
 * The address checked is the address connected to: a name that resolves to a public address when
 * checked and to a private one a moment later (DNS rebinding) cannot turn the call inward, as a
 * check followed by a second lookup in fetch could. Redirects are not followed; the answer's body
 * is read up to BODY_LIMIT and dropped.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export interface CallAnswer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
}

export type CallFailure =
  | { kind: 'refused'; host: string }
  | { kind: 'lookup'; host: string; code: string }
  | { kind: 'timeout' }
  | { kind: 'network'; code: string; message: string };

export class CallError extends Error {
  constructor(readonly failure: CallFailure) {
    super(failure.kind);
  }
}

const BODY_LIMIT = 64 * 1024;

export interface CallOptions {
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  resolve: (host: string) => Promise<string[]>;
  /** Whether an address may be connected to (https: not a private one). */
  allowed: (ip: string) => boolean;
}

/**
 * The addresses `name` is looked up to (an IP address is its own), every one allowed; else a
 * CallError: `refused` when one is not allowed, `lookup` when the name has no address.
 */
export async function checkedLookup(name: string, o: Pick<CallOptions, 'resolve' | 'allowed'>): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : await o.resolve(name);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new CallError({ kind: 'lookup', host: name, code: err.code ?? err.message });
  }
  if (addresses.length === 0) throw new CallError({ kind: 'lookup', host: name, code: 'ENOTFOUND' });
  if (addresses.some((a) => !o.allowed(a))) throw new CallError({ kind: 'refused', host: name });
  return addresses;
}

/** Sends one request; resolves with the answer's status line and headers, or rejects with a CallError. */
export function callHook(target: string, o: CallOptions): Promise<CallAnswer> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let failure: CallFailure | null = null;
  const lookup: LookupFunction = (name, options, cb) => {
    const done = cb as (
      err: NodeJS.ErrnoException | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void;
    checkedLookup(name, o).then(
      (addresses) => {
        if (options.all)
          done(
            null,
            addresses.map((a) => ({ address: a, family: isIP(a) })),
          );
        else done(null, addresses[0]!, isIP(addresses[0]!));
      },
      (e: CallError) => {
        failure = e.failure;
        done(Object.assign(new Error(`${name}: not called`), { code: 'EREFUSEDHOST' }), '', 4);
      },
    );
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<CallAnswer>((resolve, reject) => {
    // An IP literal is connected to without a lookup: it is checked here instead.
    if (isIP(host) && !o.allowed(host)) {
      reject(new CallError({ kind: 'refused', host }));
      return;
    }
    const req = send(url, {
      method: o.method,
      headers: { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) },
      lookup,
    });
    const timer = setTimeout(() => {
      failure = { kind: 'timeout' };
      req.destroy(new Error('timeout'));
    }, o.timeoutMs);
    req.on('response', (res) => {
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > BODY_LIMIT) res.destroy();
      });
      const finish = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers });
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new CallError(failure ?? { kind: 'network', code: e.code ?? e.name, message: e.message }));
    });
    req.end(o.body);
  });
}
