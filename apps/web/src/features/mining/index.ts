// What other features may use of mining: the blocks table and the connection guide, which the
// address-mining pages show for their coins too.
export { BlockList } from './components/BlockList';
export { ConnectGuide } from './components/ConnectGuide';
