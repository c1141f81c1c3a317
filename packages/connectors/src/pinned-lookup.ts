import type { LookupAddress, LookupOptions } from 'node:dns';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that answers only with addresses already
 * checked, so the connection goes where the check looked and DNS cannot
 * answer differently in between. Node asks in two forms: `{all: true}` (what
 * net.connect does with autoSelectFamily, the default since Node 20) wants an
 * array, the plain form one address and its family.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const candidates = family ? addresses.filter((a) => a.family === family) : [...addresses];
    if (candidates.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`no checked IPv${family} address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '', undefined);
    } else if (options.all) callback(null, candidates);
    else callback(null, candidates[0]!.address, candidates[0]!.family);
  };
}
