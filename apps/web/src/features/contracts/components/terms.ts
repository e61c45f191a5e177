// A product's terms in the user's language, else English, else any language it has (its name: nameOf of @hashpool/shared).
import type { Product } from '../contracts.api';

export function termsOf(p: Pick<Product, 'terms'>, language: string): string {
  return p.terms[language] ?? p.terms.en ?? Object.values(p.terms)[0] ?? '';
}
