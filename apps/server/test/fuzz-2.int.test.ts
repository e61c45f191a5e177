// The OpenAPI fuzz test, part 2 of 2 (fuzz-suite.ts: the cases, and why they are split).
import { fuzzSuite } from './fuzz-suite';

fuzzSuite({ part: 1, parts: 2, forms: false });
