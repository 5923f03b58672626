/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app's version (package.json), shown on the error page for support. */
  readonly VITE_APP_VERSION: string;
}
