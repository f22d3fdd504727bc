// The federation runtime's error descriptions (@module-federation/error-codes, dist/desc.mjs),
// left out of production bundles by build-preset/federation.cjs (shortErrorTexts): every message
// keeps its code (RUNTIME-008...), its arguments and the link to the page that explains it; only
// the English sentence before the code goes, about 0.4 KB gz of each remote's entry
// (docs/decisions/0012-what-federation-may-cost-a-driver.md).
const none = {};
export { none as buildDescMap, none as errorDescMap, none as runtimeDescMap, none as typeDescMap };
