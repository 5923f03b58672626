import { createContext, useContext } from 'react';
import { sessionStore } from '../lib/session.ts';

/**
 * How the signed-in pages sign out: the header's Sign out and the sign-in-again dialog's share one,
 * which asks first while pets wait in this tab (see signed-in-app.tsx).
 */
export const SignOutContext = createContext<() => void>(sessionStore.signOut);

export const useSignOut = () => useContext(SignOutContext);
