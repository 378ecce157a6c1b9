/**
 * Development only. Remix's Vite plugin adds React Fast Refresh code to every `.tsx` module, and
 * that code refuses to run unless the page has installed Fast Refresh's "preamble", which Remix's
 * `<Scripts/>` does. The landing page leaves Remix's scripts out (decision 0009), so before its
 * modal's code is imported this installs the preamble's no-op form: the modal loads in `npm run
 * dev` as in production; an edit to it reloads the page rather than refreshing it in place.
 */
declare global {
  interface Window {
    __vite_plugin_react_preamble_installed__?: boolean;
    $RefreshReg$?: () => void;
    $RefreshSig$?: () => <T>(type: T) => T;
  }
}

window.$RefreshReg$ ??= () => {};
window.$RefreshSig$ ??= () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;

export {};
