/**
 * URLs as an error, a log line or the public `/status` may show them: without a user name or password and
 * without the query or fragment (where tokens travel). A feed's URL is the operator's configuration; what
 * goes wrong with it is shown to everyone.
 */

/** `url` without credentials, query or fragment; the text unchanged when it is no URL. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search || u.hash ? '?…' : ''}`;
  } catch {
    return url;
  }
}

/** `text` with every http(s) URL in it shown as `shownUrl` shows it. */
export function redactUrls(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s'"<>]+/gi, (url) => shownUrl(url));
}

/** Whether `url` carries a user name or password (fetch refuses such a URL). */
export function hasCredentials(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}
