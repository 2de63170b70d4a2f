/** Accepted cards (spec §1): drawn inline so no third-party image is ever requested. */
export function PaymentIcons() {
  return (
    <div className="flex items-center gap-2">
      <svg viewBox="0 0 48 30" className="h-7 w-auto rounded-md bg-white shadow-sm" role="img" aria-label="Visa">
        <rect width="48" height="30" rx="4" fill="#fff" />
        <path
          d="M19.6 20.4h-2.9l1.8-11h2.9l-1.8 11zm10.6-10.7a7.2 7.2 0 0 0-2.6-.5c-2.9 0-4.9 1.5-4.9 3.7 0 1.6 1.5 2.5 2.6 3 1.1.6 1.5.9 1.5 1.4 0 .7-.9 1.1-1.8 1.1-1.2 0-1.8-.2-2.8-.6l-.4-.2-.4 2.5c.7.3 2 .6 3.3.6 3.1 0 5-1.5 5.1-3.8 0-1.3-.8-2.2-2.5-3-1-.5-1.7-.9-1.7-1.4 0-.5.5-1 1.7-1 .9 0 1.6.2 2.2.4l.3.1.4-2.3zm7.4-.3h-2.2c-.7 0-1.2.2-1.5.9l-4.3 10.1h3.1l.6-1.7h3.7l.4 1.7H40L37.6 9.4zm-3.5 7.1 1.2-3.1.4-1 .2.9.7 3.2h-2.5zM14.3 9.4l-2.9 7.5-.3-1.5c-.5-1.8-2.2-3.7-4-4.6l2.6 9.6h3.1l4.6-11h-3.1z"
          fill="#1a1f71"
        />
        <path d="M8.8 9.4H4l-.1.2c3.7.9 6.1 3.1 7.1 5.8l-1-5.1c-.2-.7-.7-.9-1.2-.9z" fill="#f9a533" />
      </svg>
      <svg viewBox="0 0 48 30" className="h-7 w-auto rounded-md bg-white shadow-sm" role="img" aria-label="Mastercard">
        <rect width="48" height="30" rx="4" fill="#fff" />
        <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
        <circle cx="28.5" cy="15" r="8" fill="#f79e1b" />
        <path d="M24 8.4a8 8 0 0 1 0 13.2 8 8 0 0 1 0-13.2z" fill="#ff5f00" />
      </svg>
    </div>
  );
}
