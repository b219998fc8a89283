import { createContext, useContext } from 'react';

/** The signed-in shopper as the gateway's `viewer` query gives it (null for visitors). */
export interface SessionViewer {
  id: string;
  account: string;
  name?: string | null;
  avatar?: string | null;
  isAdmin?: boolean | null;
}

export interface SessionContextValue {
  isAuthenticated: boolean;
  viewer: SessionViewer | null;
  loading: boolean;
  /** The account still has its initial password (the seeded admin): asked to change it. */
  defaultPassword?: boolean;
  /** Opens the login dialog (optionally returning to `redirect` afterwards). */
  openLogin: (redirect?: string) => void;
  openRegister: () => void;
  /** The 'please log in' prompt for visitors ('log in now' / 'continue browsing'). */
  promptLogin: () => void;
  /** Asks 'Confirm to exit?' and logs out; resolves true when logged out. */
  logout: (options?: { confirm?: boolean }) => Promise<boolean>;
  /** Re-reads the session after login/register. */
  refresh: () => Promise<void>;
}

/** A visitor's session with actions that do nothing: the context outside a provider. */
export const VISITOR_SESSION: SessionContextValue = {
  isAuthenticated: false,
  viewer: null,
  loading: false,
  openLogin: () => {},
  openRegister: () => {},
  promptLogin: () => {},
  logout: async () => false,
  refresh: async () => {},
};

export const SessionContext = createContext<SessionContextValue>(VISITOR_SESSION);

export function useSessionContext(): SessionContextValue {
  return useContext(SessionContext);
}
