/**
 * What the navigation needs to know about the signed-in user. The auth token machine
 * (machines/authMachine.ts, issue 4) drives it; until then everyone is signed out.
 */
export interface AuthView {
  signedIn: boolean;
  /** 1 = rider (spec §1); any other value is a company. Null when signed out. */
  userType: number | null;
  /** The user's picture, or null for the default image. */
  pictureUrl: string | null;
  logout(): void;
}

const signedOut: AuthView = { signedIn: false, userType: null, pictureUrl: null, logout: () => {} };

export function useAuth(): AuthView {
  return signedOut;
}
