/** The Ssaem mark: a speech bubble on sage, the assistant that talks with teachers. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#2b7d60" />
      <path
        d="M9 10.5c0-1.4 1.1-2.5 2.5-2.5h9c1.4 0 2.5 1.1 2.5 2.5v7c0 1.4-1.1 2.5-2.5 2.5h-5.2L12 23.5V20h-.5C10.1 20 9 18.9 9 17.5z"
        fill="#fff"
      />
      <circle cx="13.2" cy="14" r="1.3" fill="#2b7d60" />
      <circle cx="18.8" cy="14" r="1.3" fill="#2b7d60" />
    </svg>
  );
}
