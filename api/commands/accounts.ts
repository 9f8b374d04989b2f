/** `bdds accounts list|approve-payg`: developer-portal accounts on the configured store. */
import { parseArgs } from 'node:util';
import { createAccountsRepo } from '../../data/accounts-repo.js';
import { createKeysRepo } from '../../data/keys-repo.js';
import { closeStore } from '../../data/store.js';
import { createClock, loadConfig } from '../config.js';
import { normaliseEmail } from '../portal/email.js';
import { openForCommand, processIo, type CliIo, UsageError, printColumns } from './io.js';

export const ACCOUNTS_USAGE = `Usage:
  bdds accounts list [--json] [--payg-requested]
      Lists portal accounts: id, e-mail, plan, verified, Pay As You Grow requested (and the note).
  bdds accounts approve-payg <e-mail>
      Moves an account that asked for Pay As You Grow to that plan: its keys get the plan's default
      limits within 5 seconds (set other limits per key with bdds keys).

Exit 0 done (also an account already on Pay As You Grow); 1 when no account has that address; 2 on bad
usage, an account that has not confirmed its address, or a store that does not exist.
Uses the store named by BDDS_DB (./var/bdds.sqlite), which must exist (\`bdds serve\` or \`bdds import\`
creates it), and the clock of BDDS_NOW (else the system clock).`;

export async function accountsCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true, strict: true, options: { json: { type: 'boolean' }, 'payg-requested': { type: 'boolean' } },
  });
  const [action, ref] = positionals;
  const config = loadConfig(io.env);
  const now = createClock(config.now)();
  const db = openForCommand(config.dbPath);
  try {
    const accounts = createAccountsRepo(db);
    if (action === 'list') {
      const rows = accounts.list().filter((a) => !values['payg-requested'] || (a.payg_requested_at !== null && a.plan === 'explorer'));
      if (values.json) io.out(JSON.stringify(rows));
      else printColumns(io, ['id', 'email', 'plan', 'status', 'request'], rows.map((a) => [String(a.id), a.email, a.plan,
        a.verified_at ? 'verified' : 'unverified', a.payg_requested_at ? `payg requested ${a.payg_requested_at.slice(0, 10)}: ${a.payg_note ?? ''}` : '']));
      return 0;
    }
    if (action === 'approve-payg') {
      const email = normaliseEmail(ref ?? '');
      if (!email) throw new UsageError('name the account by its e-mail address');
      const account = accounts.byEmail(email);
      // Not found is no usage error: exit 1, as for keys and reports.
      if (!account) throw new Error(`no account for ${email}`);
      if (account.plan === 'payg') {
        io.out(`${email} is already on Pay As You Grow`);
        return 0;
      }
      if (!account.verified_at) throw new UsageError(`${email} has not confirmed its address`);
      const moved = db.transaction(() => {
        accounts.approvePayg(account.id, now.toISOString());
        return createKeysRepo(db).upgradeAccount(account.id);
      })();
      io.out(`${email} is on Pay As You Grow; ${moved} key${moved === 1 ? '' : 's'} moved`);
      return 0;
    }
    throw new UsageError(`unknown accounts action '${action ?? ''}'\n\n${ACCOUNTS_USAGE}`);
  } finally {
    closeStore(db);
  }
}
