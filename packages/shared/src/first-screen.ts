// The one inline script of the web app's index.html (apps/web/first-screen.ts puts it there, after
// the static first screen it completes). It runs before the first paint and before the JavaScript
// bundle: it picks the language the app will start in (the stored one, by resolveLanguage's rule)
// and the stored theme, marks <html> with both, and keeps the one first-screen part of this path in
// that language, removing the others: the home page's hero on "/", the pool dashboard's title on
// /pool/<coin>/home for a logged-in visitor (with the coin's name, which it writes as text);
// elsewhere only the header frame shows until the app draws. It is a constant, so the server's
// Content-Security-Policy allows exactly it by its sha256 (apps/server/src/platform/security.ts)
// and no other inline script.
import { COINS } from './coins';
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n';

/** localStorage keys, as the web app's STORAGE_KEYS has them (apps/web/test/first-screen.test.ts checks). */
const LANGUAGE_KEY = 'language';
const THEME_KEY = 'theme';
const TOKEN_KEY = 'token';

/** The coins with pool pages (account mode), by code: the name the pool frame's title shows. */
const POOL_COIN_NAMES = Object.fromEntries(COINS.filter((coin) => coin.mode === 'account').map((coin) => [coin.code, coin.name]));

export const FIRST_SCREEN_SCRIPT = `(function(){var d=document.documentElement,s=document.currentScript,l=null,t=null,k=null;\
try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)});t=localStorage.getItem(${JSON.stringify(THEME_KEY)});k=localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch(e){}\
var L=${JSON.stringify(LANGUAGES)},w=(l||"").trim().toLowerCase(),b=w.split(/[-_]/)[0],r=${JSON.stringify(DEFAULT_LANGUAGE)},i;\
if(w){for(i=0;i<L.length;i++)if(L[i].toLowerCase()===w){r=L[i];break}\
if(i===L.length)for(i=0;i<L.length;i++)if(L[i].toLowerCase().split("-")[0]===b){r=L[i];break}}\
d.lang=r;d.dataset.theme=t==="dark"?"dark":"light";\
var C=${JSON.stringify(POOL_COIN_NAMES)},p=location.pathname,m=/^\\/pool\\/([a-z0-9]+)\\/home$/.exec(p),c=m&&k&&Object.prototype.hasOwnProperty.call(C,m[1])?C[m[1]]:null,\
g=p==="/"?"home":c?"pool":null,h=s.parentNode.querySelectorAll("[data-first-screen-hero]");\
for(i=0;i<h.length;i++){if(h[i].lang===r&&h[i].dataset.page===g){if(c)h[i].querySelector("[data-coin]").textContent=c;h[i].hidden=false}else h[i].remove()}})()`;
