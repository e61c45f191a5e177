// What other features may use of earnings: the operators' panels for fee rates and market data,
// which the operators' area shows as tabs.
export { FeeRatesAdmin } from './components/admin/FeeRatesAdmin';
export { MarketDataAdmin } from './components/admin/MarketDataAdmin';
