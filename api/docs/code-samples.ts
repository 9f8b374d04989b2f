/**
 * Code samples of a call (curl, JavaScript, Python) for the API reference: `x-codeSamples` (read by Redoc
 * and other renderers) and a Markdown block in the operation's description (shown by Swagger UI).
 */
export interface SampleCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** The whole URL: the public base, the path, the query. */
  url: string;
  keyed: boolean;
  /** A JSON body (POST), as text. */
  body?: string;
}

export interface CodeSample { lang: string; label: string; source: string }

const quoteSh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function codeSamples(call: SampleCall): CodeSample[] {
  const { method, url, keyed, body } = call;
  const curl = ['curl -s', method !== 'GET' ? `-X ${method}` : '', keyed ? '-H "Authorization: Bearer $BDDS_KEY"' : '',
    body ? `-H 'Content-Type: application/json' -d ${quoteSh(body)}` : '', quoteSh(url)].filter(Boolean).join(' ');
  const jsHeaders = [keyed ? '`Bearer ${key}`' : null].filter(Boolean);
  const jsInit = [method !== 'GET' ? `method: '${method}'` : '',
    keyed || body ? `headers: { ${[keyed ? `Authorization: ${jsHeaders[0]}` : '', body ? "'Content-Type': 'application/json'" : ''].filter(Boolean).join(', ')} }` : '',
    body ? `body: JSON.stringify(${body})` : ''].filter(Boolean);
  const js = (keyed ? "const key = 'bdds_...'; // your API key (from /portal)\n" : '') + `const res = await fetch(${JSON.stringify(url)}${jsInit.length ? `, { ${jsInit.join(', ')} }` : ''});\n` +
    'const envelope = await res.json(); // { ok, data, usage, ... } or { ok: false, error }\nconsole.log(res.status, envelope);';
  const py = `import ${body ? 'json, ' : ''}os, requests\n\n` +
    `res = requests.request(${JSON.stringify(method)}, ${JSON.stringify(url)}` +
    (keyed ? ',\n    headers={"Authorization": f"Bearer {os.environ[\'BDDS_KEY\']}"}' : '') +
    (body ? `,\n    json=json.loads(r'''${body}''')` : '') + ', timeout=30)\nprint(res.status_code, res.json())';
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'JavaScript', label: 'JavaScript', source: js },
    { lang: 'Python', label: 'Python', source: py },
  ];
}

/** The samples as Markdown, for a description. */
export function samplesMarkdown(samples: readonly CodeSample[]): string {
  const fence = { Shell: 'sh', JavaScript: 'js', Python: 'python' } as Record<string, string>;
  return samples.map((s) => `**${s.label}**\n\n\`\`\`${fence[s.lang] ?? ''}\n${s.source}\n\`\`\``).join('\n\n');
}
