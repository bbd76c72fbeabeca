/// <reference types="vite/client" />

/** A data file's first-load part (scripts/vite-plugin-first-load-json.ts); the reader types what it reads. */
declare module '*.json?first-load' {
  const data: unknown;
  export default data;
}
