import { createContext, useContext } from 'react';

// The CSP nonce reaches the document's script tags through context: entry.server sets it, the
// browser leaves it empty (browsers hide nonces from the DOM anyway).
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
