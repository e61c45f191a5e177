// Terms of Service (/terms).
import { LegalDocument } from '../components/LegalDocument';

export const TERMS_SECTIONS = [
  'acceptance',
  'accounts',
  'custody',
  'fees',
  'payouts',
  'withdrawals',
  'products',
  'prohibited',
  'risks',
  'liability',
  'termination',
  'changes',
  'contact',
] as const;

export default function TermsPage() {
  return <LegalDocument document="terms" sections={TERMS_SECTIONS} />;
}
