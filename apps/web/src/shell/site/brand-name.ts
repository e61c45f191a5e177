/** The site's name until the operator's `site_name` has loaded (a module of its own: the build's first screen reads it). */
export const BRAND_NAME = 'Hashpool';
