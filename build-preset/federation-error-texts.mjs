// The federation runtime's error descriptions (@module-federation/error-codes, dist/desc.mjs),
// left out of production bundles by build-preset/index.cjs: every message keeps its code
// (RUNTIME-008...), its arguments and the link to the page that explains it; only the English
// sentence before the code goes. 0.5 KB gz in the host's runtime chunk, 0.4 KB in each
// remote's entry when they were left out (docs/decisions/0012-what-federation-may-cost-a-driver.md).
const none = {};
export { none as buildDescMap, none as errorDescMap, none as runtimeDescMap, none as typeDescMap };
