/** `If-None-Match` against an entity tag (RFC 9110 13.1.2: weak comparison, `*` matches any). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined || header === '') return false;
  if (header.trim() === '*') return true;
  for (const part of header.split(',')) {
    let tag = part.trim();
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}
