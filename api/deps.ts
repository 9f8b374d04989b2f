/**
 * What the faces (pipeline, transports, portal, dashboard, metrics, scale-out) receive: the operations'
 * dependencies (services/deps.ts) and the parts of policy only they use: keys, accounts, the sandbox,
 * access control and the usage counters. Handlers see `OperationDeps`, never these.
 */
import type { AccountsRepo, SandboxUsage } from '../data/accounts-repo.js';
import type { ImportRunsRepo } from '../data/import-runs-repo.js';
import type { KeysRepo } from '../data/keys-repo.js';
import type { StoreFiguresRepo } from '../data/store-figures-repo.js';
import type { QuotaStore } from '../models/access.js';
import type { OperationDeps, OperationRepos } from '../services/deps.js';
import type { AccessControl } from './access/access-control.js';

export type { ServiceSettings } from '../services/deps.js';

export interface Deps extends OperationDeps {
  repos: OperationRepos & {
    keys: KeysRepo;
    accounts: AccountsRepo;
    sandbox: SandboxUsage;
    /** What each import run did (the dashboard's operations view). */
    importRuns: ImportRunsRepo;
    /** Counts over the store for /metrics and the dashboard. */
    figures: StoreFiguresRepo;
  };
  /** Keys, per-second limits and daily quotas for keyed products. */
  access: AccessControl;
  /** The usage counters' writer (its own thread and connection for a store file: data/counter-writer/). */
  counters: QuotaStore & { close?(): Promise<void>; exec?(sql: string): Promise<void> };
}
