// What other features may use of mining: the blocks table and the connection guide, which the
// address-mining pages show for their coins too, and the coin's stratum answer, whose network the
// wallet's address form names on a test pool.
export { BlockList } from './components/BlockList';
export { ConnectGuide } from './components/ConnectGuide';
export { usePoolStratum } from './mining.queries';
