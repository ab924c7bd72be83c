// Set by esbuild.config.mjs: true in the `npm run dev` server bundle, false in the production build.
declare const __SITE_DEV__: boolean;
