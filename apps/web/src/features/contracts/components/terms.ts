// A product's terms and name in the user's language, else English, else any language it has.
import type { Product } from '../contracts.api';

export function termsOf(p: Pick<Product, 'terms'>, language: string): string {
  return p.terms[language] ?? p.terms.en ?? Object.values(p.terms)[0] ?? '';
}

/** The product's name in the user's language where the operator gave one, else its (English) name. */
export function nameOf(p: Pick<Product, 'name' | 'names'>, language: string): string {
  return p.names[language] ?? p.name;
}
