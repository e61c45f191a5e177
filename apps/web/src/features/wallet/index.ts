// What other features may use of the wallet (the operators' area shows wallet records): its status
// tag, coin and amount text, and the root of its query keys. Anything else is the wallet's own.
export { WalletStatusTag } from './components/WalletStatusTag';
export { coinSymbol, displayAmount } from './lib/balances';
export { walletKeys } from './wallet.queries';
// Staking and borrowing live in the wallet's scope: their queries and the refresh after a movement.
export { useRefreshWallet, useWalletScope } from './wallet.queries';
export { WalletFrame } from './components/WalletFrame';
