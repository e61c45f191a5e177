// Vite build of the SPA. The server serves dist/ and answers /api; in development the dev
// server forwards /api to it. The manifest and the chunk list feed scripts/bench-bundle.mjs
// (first-screen budget, and the libraries that must stay off the first screen). Every text asset
// is also written compressed, as <file>.br and <file>.gz beside it, once per build: the server
// sends the variant the browser accepts (apps/server/src/platform/spa.ts, preCompressed).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { firstScreen } from './first-screen';

/** Writes .vite/chunk-modules.json: the modules of each JavaScript chunk, as paths from the repository root. */
function chunkModules(): Plugin {
  const root = path.resolve(import.meta.dirname, '../..');
  return {
    name: 'hashpool-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks[file] = output.moduleIds.map((id) => (path.isAbsolute(id) ? path.relative(root, id) : id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * Points the import of `source` by the modules `importer` matches (Ant Design's, react-i18next's) at
 * a file of ours, leaving the same import by any other module as it is.
 */
function redirectImport(name: string, source: string, importer: RegExp, file: string): Plugin {
  const target = path.resolve(import.meta.dirname, file);
  return {
    name,
    enforce: 'pre',
    resolveId(id, from) {
      return id === source && from && importer.test(from) ? target : null;
    },
  };
}

/** ConfigProvider's import of the tooltips' UniqueProvider, at a lazy copy (src/app/antd-unique-provider.ts says why). */
const deferAntdUniqueProvider = () =>
  redirectImport('hashpool-defer-antd-unique-provider', '../tooltip/UniqueProvider', /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/, 'src/app/antd-unique-provider.ts');

/** Button's import of LoadingOutlined, at our copy (src/app/antd-loading-icon.ts says why). */
const ownAntdLoadingIcon = () =>
  redirectImport('hashpool-own-antd-loading-icon', '@ant-design/icons/es/icons/LoadingOutlined', /[\\/]antd[\\/]es[\\/]button[\\/]DefaultLoadingIcon\.js$/, 'src/app/antd-loading-icon.ts');

/** @ant-design/cssinjs's import of stylis, at ours without the prefixer (src/app/antd-stylis.ts says why): 1.5 KB gzip of the first screen. */
const antdStylisWithoutPrefixer = () =>
  redirectImport('hashpool-antd-stylis-without-prefixer', 'stylis', /[\\/]@ant-design[\\/]cssinjs[\\/]es[\\/]hooks[\\/]useStyleRegister\.js$/, 'src/app/antd-stylis.ts');

/** The first screen's imports of @rc-component/motion, past its index (src/app/antd-motion.ts says why): 0.7 KB gzip. */
const antdMotionDirect = () =>
  redirectImport(
    'hashpool-antd-motion-direct',
    '@rc-component/motion',
    /[\\/]antd[\\/]es[\\/](config-provider[\\/]MotionWrapper|_util[\\/]wave[\\/]WaveEffect|button[\\/]DefaultLoadingIcon)\.js$/,
    'src/app/antd-motion.ts',
  );

/**
 * react-i18next's useTranslation imports useSyncExternalStore from use-sync-external-store/shim, a
 * CommonJS fallback for React before 18 that hands out React's own hook when React has one, as
 * React 19 always does. That import goes to src/app/use-sync-external-store.ts, which re-exports
 * React's hook directly: the same function, without the fallback's code and CommonJS wrapper
 * (0.3 KB gzip of the first screen).
 */
const reactSyncExternalStore = () =>
  redirectImport('hashpool-react-sync-external-store', 'use-sync-external-store/shim', /[\\/]react-i18next[\\/]/, 'src/app/use-sync-external-store.ts');

/**
 * @ant-design/colors defines each palette as an array and then sets its `primary` with a separate
 * statement (`red.primary = red[5];`). Such an assignment counts as a side effect, so the dark
 * palettes (redDark … greyDark, presetDarkPalettes) stay in the bundle although nothing imports
 * them: Ant Design's dark algorithm generates its colours. In the build each palette becomes one
 * pure expression giving the same array with the same `primary`, so the unused ones are left out:
 * 0.8 KB gzip of the first screen.
 */
function pureAntdColorPresets(): Plugin {
  return {
    name: 'hashpool-pure-antd-color-presets',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@ant-design[\\/]colors[\\/]es[\\/]presets\.js$/.test(id)) return null;
      const out = code.replace(/^export const (\w+) = (\[[^\]\n]*\]);\n\1\.primary = \1\[(\d+)\];$/gm, 'export const $1 = /*#__PURE__*/ (() => { const palette = $2; palette.primary = palette[$3]; return palette; })();');
      // A new release laid out otherwise: leave it as it is rather than half changed.
      return /\.primary = /.test(out.replace(/palette\.primary = /g, '')) ? null : { code: out, map: null };
    },
  };
}

/**
 * React Router ships all its modes in one module whose components are not marked pure, so Rolldown
 * keeps every one of them (NavLink, Form, the framework mode's prefetching and route discovery)
 * although this app uses the declarative router only. In the build: its production copy (the same
 * code with the development warnings off; the package's exports offer only the development one),
 * its createContext/forwardRef/memo calls marked pure and their displayName labels (React DevTools
 * only) dropped, so what nothing uses is left out: 2.3 KB gzip of the first screen, 4.5 KB with
 * SafeLink on React Router's hooks rather than its Link (shell/navigation/navigation.tsx).
 */
function pureReactRouter(): Plugin {
  const production = fileURLToPath(import.meta.resolve('react-router')).replace(/([\\/])development([\\/])/, '$1production$2');
  return {
    name: 'hashpool-pure-react-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      return code.replace(/= (React\d*)\.(createContext|forwardRef|memo)\(/g, '= /*#__PURE__*/ $1.$2(').replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '');
    },
  };
}

/**
 * @rc-component/util (Ant Design's helpers) does not declare its modules free of side effects, so
 * every module its index reaches stays in the bundle if its top level calls anything (pickAttrs's
 * `split`, useId's `getUseId()`, focus.js's `new Map()`), used or not: KeyCode, pickAttrs, the
 * focus lock, getScrollBarSize, is-mobile. None of its modules does anything at load that another
 * relies on (no listeners, no globals; raf.js only picks its own functions), so the build treats
 * them as side-effect free, as Ant Design's own package.json does for antd: 4.0 KB gzip of the
 * first screen. @rc-component/color-picker likewise: Button's style reads its Color class only, and
 * the picker itself (its forwardRef components) came along: 0.1 KB more. A module whose exports
 * are used is kept whole as before.
 */
function rcComponentsSideEffectFree(): Plugin {
  return {
    name: 'hashpool-rc-components-side-effect-free',
    apply: 'build',
    transform(code, id) {
      return /[\\/]node_modules[\\/]@rc-component[\\/](util|color-picker)[\\/]/.test(id) ? { code, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    chunkModules(),
    deferAntdUniqueProvider(),
    ownAntdLoadingIcon(),
    pureReactRouter(),
    reactSyncExternalStore(),
    pureAntdColorPresets(),
    antdMotionDirect(),
    antdStylisWithoutPrefixer(),
    rcComponentsSideEffectFree(),
    firstScreen(),
    // Brotli at its highest quality and gzip at level 9 (the plugin's defaults), every file however
    // small (a cold home page loads some forty chunks under 1 KB); a compressed form that is not
    // smaller is skipped, and the server then sends the original.
    // woff2 and images are compressed already; .vite/ is the build's own bookkeeping.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/,
      exclude: /(^|\/)\.vite\//,
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // Chunks are named by their hash alone: the entry chunk carries Vite's preload map, which lists
        // every chunk's file name, so each name was paid on the first screen (3.5 of its 250 KB with
        // 376 chunks). The manifest still maps every chunk to its source (scripts/bench-bundle.mjs).
        chunkFileNames: 'assets/[hash].js',
        // Everything the entry loads statically goes into one chunk. Left alone, Rolldown splits the
        // entry's modules by which lazy pages also use them, into some seventy chunks under 1 KB:
        // each compressed on its own and listed in the preload map, they cost the first screen
        // 15 KB more than one chunk. main.tsx stays out of the group: the entry chunk (the manifest's
        // `isEntry`, which scripts/bench-bundle.mjs starts from) must keep a module of its own.
        // The error catalogue (packages/shared/src/errors.ts) stays out too: the shell reads none of
        // it, but a module in the group brings every export some lazy page uses into the group's chunk.
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'], test: /node_modules|packages\/shared\/(?!src\/errors\.ts$)|apps\/web\/src\/(?!main\.tsx$)/ }],
        },
      },
    },
  },
});
