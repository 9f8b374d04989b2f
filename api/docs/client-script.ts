/**
 * The reference page's own script and style, served as files under /docs/assets/ (the page's policy runs
 * no inline script): Swagger UI started on /api/openapi.json, with request snippets in curl, JavaScript
 * and Python for the request a reader has just tried.
 */
export const DOCS_SCRIPT = String.raw`'use strict';
(function () {
  var headersOf = function (request) {
    var out = {};
    var headers = request.get('headers');
    if (headers && headers.forEach) headers.forEach(function (v, k) { out[k] = v; });
    return out;
  };
  var bodyOf = function (request) {
    var body = request.get('body');
    return body == null || body === '' ? null : typeof body === 'string' ? body : JSON.stringify(body);
  };
  var javascript = function (request) {
    var init = { method: request.get('method'), headers: headersOf(request) };
    var body = bodyOf(request);
    if (body) init.body = body;
    return 'const res = await fetch(' + JSON.stringify(request.get('url')) + ', ' + JSON.stringify(init, null, 2) + ');\n' +
      'console.log(res.status, await res.json());';
  };
  var python = function (request) {
    var headers = headersOf(request);
    var body = bodyOf(request);
    return 'import requests\n\nres = requests.request(' + JSON.stringify(request.get('method')) + ', ' + JSON.stringify(request.get('url')) +
      ',\n    headers=' + JSON.stringify(headers) + (body ? ',\n    data=' + JSON.stringify(body) : '') + ', timeout=30)\n' +
      'print(res.status_code, res.json())';
  };
  var Snippets = function () {
    return { fn: { requestSnippetGenerator_javascript: javascript, requestSnippetGenerator_python: python } };
  };
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    displayOperationId: true,
    showExtensions: true,
    defaultModelsExpandDepth: 0,
    persistAuthorization: false,
    requestSnippetsEnabled: true,
    requestSnippets: {
      generators: {
        curl_bash: { title: 'curl', syntax: 'bash' },
        javascript: { title: 'JavaScript', syntax: 'javascript' },
        python: { title: 'Python', syntax: 'python' },
      },
      defaultExpanded: true,
    },
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [Snippets],
  });
})();
`;

export const DOCS_STYLE = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#222}
.bdds-top{display:flex;flex-wrap:wrap;gap:1rem;align-items:baseline;padding:.75rem 1.25rem;border-bottom:1px solid #ddd;background:#fafafa}
.bdds-top a{color:#1b5fa8}
.swagger-ui .info{margin:1.5rem 0}
`;
