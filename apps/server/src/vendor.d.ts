// Types for libraries that ship none.
declare module 'multicoin-address-validator' {
  const validator: {
    validate(address: string, currency: string, options?: { networkType?: 'prod' | 'testnet' | 'both'; chainType?: string }): boolean;
  };
  export default validator;
}
