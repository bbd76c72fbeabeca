/** The part of the `ifsc` package (Razorpay's offline IFSC data) this check uses. */
interface IfscPackage {
  validate(code: string): boolean;
}

let ifscPackage: IfscPackage | undefined;

/**
 * Loads the `ifsc` package on first use with Node's own `require`, looked up at run time so that no
 * bundler follows it: the package carries about 1 MB of branch data and Node-only dependencies. Only
 * the server's validators import this file (the browser's precompiled validators leave `ifscKnown` out).
 */
function loadIfscPackage(): IfscPackage {
  if (!ifscPackage) {
    const { createRequire } = process.getBuiltinModule('node:module');
    ifscPackage = createRequire(import.meta.url)('ifsc') as IfscPackage;
  }
  return ifscPackage;
}

/** Whether an IFSC names a bank branch in the `ifsc` package's data. Server only (Node). */
export function isKnownIfsc(code: string): boolean {
  return loadIfscPackage().validate(code);
}

/**
 * The `ifscKnown` check: a well-formed IFSC (11 upper-case letters or digits) must exist in the `ifsc`
 * package's data; other values pass, the format check reports them.
 */
export function passesIfscKnown(code: string): boolean {
  return !/^[A-Z0-9]{11}$/.test(code) || isKnownIfsc(code);
}
