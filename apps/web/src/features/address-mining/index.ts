// What other features may use of address mining: the operators' panel for the ALEO stake
// schedule, which the operators' area shows as a tab.
export { StakeScheduleAdmin } from './components/StakeScheduleAdmin';
