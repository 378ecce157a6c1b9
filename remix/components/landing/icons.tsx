import { type ReactNode } from 'react';

/** Small inline stroke icons (no icon font, no request); decorative, so hidden from assistive tech. */
function Icon({ children, size = 40 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const SearchIcon = () => (
  <Icon>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m15.5 15.5 5 5" />
    <path d="M7.5 11.5c.8 1.2 2 1.7 3.4 1.7s2.5-.5 3.1-1.7" />
    <path d="M10.5 7v4.3" />
  </Icon>
);

export const InventoryIcon = () => (
  <Icon>
    <path d="M3 15h18l-2.5 4.2a1.5 1.5 0 0 1-1.3.8H6.8a1.5 1.5 0 0 1-1.3-.8L3 15Z" />
    <path d="M12 3v12" />
    <path d="M12 4.5 6 13h6" />
    <path d="M12 6.5 17 13h-5" />
  </Icon>
);

export const TrustIcon = () => (
  <Icon>
    <path d="M12 3 4.5 6v5.5c0 4.4 3.2 8.4 7.5 9.5 4.3-1.1 7.5-5.1 7.5-9.5V6L12 3Z" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </Icon>
);

export const DataIcon = () => (
  <Icon>
    <ellipse cx="12" cy="5.5" rx="7" ry="2.5" />
    <path d="M5 5.5v6c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-6" />
    <path d="M5 11.5v6c0 1.4 3.1 2.5 7 2.5 1 0 2-.1 2.8-.2" />
    <path d="m17 16 3 3-3 3" />
    <path d="M20 19h-5" />
  </Icon>
);

export const PriceIcon = () => (
  <Icon>
    <path d="M3.5 20.5h17" />
    <path d="M4.5 16.5 9 12l3.5 3 7-7.5" />
    <path d="M15 7.5h4.5V12" />
  </Icon>
);

export const VerifyIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2.2" />
    <path d="m3.5 17 4.5-3.5 3 2.5" />
    <path d="m13.5 12.5 2 2 4-4.5" />
  </Icon>
);
