// Every table of every module, for drizzle-kit (migrations) and the typed client.
// A module's tables live in its own <domain>.tables.ts; add each new file here.
export * from '../platform/leases.tables';
export * from '../platform/failure-counter.tables';
export * from '../modules/content/content.tables';
export * from '../modules/accounts/accounts.tables';
export * from '../modules/mining/mining.tables';
export * from '../modules/mining/alerts.tables';
export * from '../modules/wallet/ledger.tables';
export * from '../modules/wallet/wallet.tables';
export * from '../modules/earnings/earnings.tables';
export * from '../modules/address-mining/address-mining.tables';
