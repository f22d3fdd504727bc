/** Types of federation-esm.cjs. */
import type { Compiler } from '@rspack/core';

/** A `.cjs` file of a `@module-federation/*` package's dist folder. */
export declare const FEDERATION_CJS: RegExp;

export declare class FederationRuntimeAsEsm {
  apply(compiler: Compiler): void;
}
