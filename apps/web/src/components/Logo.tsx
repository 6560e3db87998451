// The portal's mark (login, public pages, the shell's header).
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="logo">
      <rect width="40" height="40" rx="9" fill="#0b5cab" />
      <path d="M12 13h16v3H12zM12 19h16v3H12zM12 25h10v3H12z" fill="#fff" />
      <circle cx="28.5" cy="27" r="3.5" fill="#f5a623" />
    </svg>
  );
}
