/** The portal's notices page: which usage e-mails the account gets (each on until turned off). */
import type { NoticeKind, NoticeSettings } from '../../data/usage-notices-repo.js';
import { esc } from '../html.js';
import { csrfField, layout, type PageContext } from './pages.js';

const LABELS: Record<NoticeKind, string> = {
  quota_80: 'A key has used 80 % of a daily quota class (once per key, class and UTC day)',
  quota_100: 'A key has used all of a daily quota class',
  key_expiry: 'A key stops working within 7 days (a rolled key\'s old secret, a key with an end date)',
};

export function noticesPage(ctx: PageContext, settings: NoticeSettings, message = ''): string {
  const boxes = (Object.keys(LABELS) as NoticeKind[]).map((kind) =>
    `<p><input type="checkbox" id="n-${kind}" name="${kind}" value="1"${settings[kind] ? ' checked' : ''}> <label for="n-${kind}">${esc(LABELS[kind])}</label></p>`).join('\n');
  return layout(ctx, 'E-mail notices', `${message}<p>E-mail to <strong>${esc(ctx.account?.email ?? '')}</strong> before an integration breaks.
Every answer also says where a key stands (<code>usage</code>, the <code>RateLimit</code> headers).</p>
<form method="post" action="/portal/notices">${csrfField(ctx.csrf)}
<fieldset><legend>Send me an e-mail when</legend>
${boxes}
</fieldset><p><button type="submit">Save</button></p></form>`);
}
