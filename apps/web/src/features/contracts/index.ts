// The contracts feature's door: the operators' contracts tab for the admin page.
export { ContractsAdmin } from './components/ContractsAdmin';
