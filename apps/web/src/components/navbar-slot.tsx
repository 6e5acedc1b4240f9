import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * A place in the app's navigation column that a screen may fill with its own navigation (the
 * chat's conversation list), so a desktop shows one navigation column rather than two side by side.
 */
interface NavbarSlot {
  /** Where the screen's navigation is drawn; null until the shell has rendered it. */
  target: HTMLElement | null;
  /** How many screens fill the slot now (0 or 1; a count survives a remount's overlap). */
  setClaims: (update: (claims: number) => number) => void;
}

const NavbarSlotContext = createContext<NavbarSlot | null>(null);

export function NavbarSlotProvider({ value, children }: { value: NavbarSlot; children: ReactNode }) {
  return <NavbarSlotContext.Provider value={value}>{children}</NavbarSlotContext.Provider>;
}

/** The shell's side of the slot: its state, what to provide, and whether a screen fills it. */
export function useNavbarSlotState() {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [claims, setClaims] = useState(0);
  const value = useMemo(() => ({ target, setClaims }), [target]);
  return { setTarget, isClaimed: claims > 0, value };
}

/**
 * Draws `children` in the shell's navigation column while `enabled`; returns false (and draws
 * nothing) when there is no shell slot or it is not enabled, so the screen draws them itself.
 */
export function NavbarPortal({ enabled, children }: { enabled: boolean; children: ReactNode }): ReactNode {
  const slot = useContext(NavbarSlotContext);
  const isActive = enabled && slot !== null;
  const setClaims = slot?.setClaims;
  useEffect(() => {
    if (!isActive || !setClaims) return;
    setClaims((claims) => claims + 1);
    return () => setClaims((claims) => claims - 1);
  }, [isActive, setClaims]);
  if (!isActive || !slot.target) return null;
  return createPortal(children, slot.target);
}

/** Whether a screen can draw its navigation in the shell's column (a shell is around it). */
export function useHasNavbarSlot(): boolean {
  return useContext(NavbarSlotContext) !== null;
}
