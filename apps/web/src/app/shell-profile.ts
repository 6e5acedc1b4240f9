import { createContext, useContext } from 'react';

/** What the signed-in header shows (core.md §2); filled from users/info by the identity work. */
export interface ShellProfile {
  schoolName: string;
  name: string;
  /** The teacher's title, e.g. 교사 or 부장교사. */
  title: string;
}

export const ShellProfileContext = createContext<ShellProfile | null>(null);

export function useShellProfile(): ShellProfile | null {
  return useContext(ShellProfileContext);
}
