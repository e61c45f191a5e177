// About us (/about-us).
import { LegalDocument } from '../components/LegalDocument';

export const ABOUT_SECTIONS = ['what', 'open_source', 'how', 'principles', 'operators', 'contribute', 'contact'] as const;

export default function AboutPage() {
  return <LegalDocument document="about" sections={ABOUT_SECTIONS} />;
}
