// What other features may use of staking: the operators' screens (the admin area's tab).
export { StakingAdmin } from './components/StakingAdmin';
