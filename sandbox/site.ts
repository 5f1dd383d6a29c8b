/**
 * Whether two origins are the same site, as browsers group documents into processes: the same
 * scheme and registrable domain ("eTLD+1"), whatever the port. Without the Public Suffix List the
 * registrable domain is taken as the last two labels of a host name (its last label alone when it
 * has one, e.g. `localhost`), and an IP address is its own site. So `app.example.com` and
 * `sandbox.example.com` are one site; `a.github.io` and `b.github.io` count as one too, though
 * the list says otherwise: the error is on the side of a warning.
 */

const IP = /^(?:\d+\.){3}\d+$|^\[/;

/** The site of a host name (see above). */
function siteOf(host: string): string {
  if (IP.test(host)) return host;
  return host.replace(/\.$/, '').split('.').slice(-2).join('.');
}

/** True when origins `a` and `b` are the same site; false for anything that is not an http(s) origin. */
export function sameSite(a: string, b: string): boolean {
  let x: URL;
  let y: URL;
  try {
    x = new URL(a);
    y = new URL(b);
  } catch {
    return false;
  }
  if (x.protocol !== y.protocol || !/^https?:$/.test(x.protocol)) return false;
  return siteOf(x.hostname) === siteOf(y.hostname);
}
