// The one inline script of the web app's index.html (apps/web/first-screen.ts puts it there, after
// the static first screen it completes). It runs before the first paint and before the JavaScript
// bundle: it picks the language the app will start in (the stored one, by resolveLanguage's rule)
// and the stored theme, marks <html> with both, keeps that language's hero and removes the others,
// and removes the hero on every path but "/" (there only the header frame shows until the app
// draws). It is a constant, so the server's Content-Security-Policy allows exactly it by its
// sha256 (apps/server/src/platform/security.ts) and no other inline script.
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n';

/** localStorage keys, as the web app's STORAGE_KEYS has them (apps/web/test/first-screen.test.ts checks). */
const LANGUAGE_KEY = 'language';
const THEME_KEY = 'theme';

export const FIRST_SCREEN_SCRIPT = `(function(){var d=document.documentElement,s=document.currentScript,l=null,t=null;\
try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)});t=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}\
var L=${JSON.stringify(LANGUAGES)},w=(l||"").trim().toLowerCase(),b=w.split(/[-_]/)[0],r=${JSON.stringify(DEFAULT_LANGUAGE)},i;\
if(w){for(i=0;i<L.length;i++)if(L[i].toLowerCase()===w){r=L[i];break}\
if(i===L.length)for(i=0;i<L.length;i++)if(L[i].toLowerCase().split("-")[0]===b){r=L[i];break}}\
d.lang=r;d.dataset.theme=t==="dark"?"dark":"light";\
var h=s.parentNode.querySelectorAll("[data-first-screen-hero]");\
for(i=0;i<h.length;i++){if(location.pathname==="/"&&h[i].lang===r)h[i].hidden=false;else h[i].remove()}})()`;
