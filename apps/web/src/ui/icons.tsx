import type { SVGProps } from "react";

/** Small line icons (24 px grid, currentColor) shared by the navbar and the messages pages. */
type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M20.25 8.5c.9.3 1.5 1.1 1.5 2.1v4.3c0 1.1-.9 2.1-2 2.2l-1 .1v3.1l-3-3h-3.1c-.6 0-1.1-.1-1.5-.4" />
      <path d="M15.75 4.5H5.25c-1.2 0-2.25 1-2.25 2.2v6c0 1.3 1 2.3 2.25 2.3H7.5v3.7l3.8-3.7h4.45c1.25 0 2.25-1 2.25-2.3v-6c0-1.2-1-2.2-2.25-2.2Z" />
    </Outline>
  );
}

export function StarIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Outline {...props} fill={filled ? "currentColor" : "none"}>
      <path d="M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11c.08.2.27.33.48.35l5.52.44c.5.04.7.66.32.98l-4.2 3.6a.56.56 0 0 0-.18.56l1.28 5.38a.56.56 0 0 1-.84.61l-4.72-2.88a.56.56 0 0 0-.59 0l-4.72 2.88a.56.56 0 0 1-.84-.6l1.28-5.39a.56.56 0 0 0-.18-.56l-4.2-3.6a.56.56 0 0 1 .32-.98l5.52-.44c.21-.02.4-.15.48-.35l2.13-5.11Z" />
    </Outline>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m14.7 9-.34 9m-4.78 0L9.26 9m9.97-3.2c.34.05.68.1 1.02.17M19.23 5.8 18.16 19.67A2.25 2.25 0 0 1 15.92 21.75H8.08a2.25 2.25 0 0 1-2.24-2.08L4.77 5.8m14.46 0a48 48 0 0 0-3.48-.4m-12 .57c.34-.06.68-.11 1.02-.16m0 0a48 48 0 0 1 3.48-.41m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a52 52 0 0 0-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.7 48.7 0 0 0-7.5 0" />
    </Outline>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M15.75 19.5 8.25 12l7.5-7.5" />
    </Outline>
  );
}

export function PhotoIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m2.25 15.75 5.16-5.16a2.25 2.25 0 0 1 3.18 0l5.16 5.16m-1.5-1.5 1.41-1.41a2.25 2.25 0 0 1 3.18 0l2.91 2.91M3.75 20.25h16.5a1.5 1.5 0 0 0 1.5-1.5V5.25a1.5 1.5 0 0 0-1.5-1.5H3.75a1.5 1.5 0 0 0-1.5 1.5v13.5a1.5 1.5 0 0 0 1.5 1.5Zm10.5-11.25h.01v.01h-.01V9Zm.38 0a.38.38 0 1 1-.76 0 .38.38 0 0 1 .76 0Z" />
    </Outline>
  );
}

export function WinkIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="9.25" />
      <path d="M8 10h2.5M14.75 9.25v1.5M8.5 14.5c1.9 2 5.1 2 7 0" />
    </Outline>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 12 3.27 3.13A59.8 59.8 0 0 1 21.49 12 59.8 59.8 0 0 1 3.27 20.88L6 12Zm0 0h7.5" />
    </Outline>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m21 21-5.2-5.2m0 0A7.5 7.5 0 1 0 5.2 5.2a7.5 7.5 0 0 0 10.6 10.6Z" />
    </Outline>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 18 18 6M6 6l12 12" />
    </Outline>
  );
}

export function CoinIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="8.25" />
      <path d="M12 7.5v9M14.6 9.4c-.5-.7-1.5-1.15-2.6-1.15-1.45 0-2.6.8-2.6 1.85s1.15 1.6 2.6 1.9c1.45.3 2.6.85 2.6 1.9s-1.15 1.85-2.6 1.85c-1.1 0-2.1-.45-2.6-1.15" />
    </Outline>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Outline {...props} strokeWidth={2.2}>
      <path d="m4.5 12.75 4.5 4.5 10.5-10.5" />
    </Outline>
  );
}

export function DoubleCheckIcon(props: IconProps) {
  return (
    <Outline {...props} viewBox="0 0 28 24" strokeWidth={2.2}>
      <path d="m2.5 12.75 4.5 4.5 10.5-10.5M12.5 16.5l.75.75 10.5-10.5" />
    </Outline>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="8.25" />
      <path d="M12 7.5V12l3 1.75" />
    </Outline>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.75v5M12 16.25h.01" />
    </Outline>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M21 8.25c0-2.49-2.1-4.5-4.69-4.5-1.93 0-3.6 1.13-4.31 2.73-.72-1.6-2.38-2.73-4.31-2.73C5.1 3.75 3 5.76 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z" />
    </Outline>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M14.86 17.08a23.85 23.85 0 0 0 5.45-1.31A8.97 8.97 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.97 8.97 0 0 1-2.31 6.02c1.73.64 3.56 1.09 5.45 1.31m5.72 0a24.26 24.26 0 0 1-5.72 0m5.72 0a3 3 0 1 1-5.72 0" />
    </Outline>
  );
}

export function BellSlashIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9.14 17.08a24.25 24.25 0 0 0 3.85.15m-3.85-.15a23.86 23.86 0 0 1-5.45-1.31 8.96 8.96 0 0 0 2.3-5.54m3.15 6.85a3 3 0 0 0 5.67 1.97m1.97-2.28L21 21m-4.23-4.23a23.8 23.8 0 0 0 3.54-1A8.97 8.97 0 0 1 18 9.75V9A6 6 0 0 0 6.53 6.53m10.24 10.24L6.53 6.53M3 3l3.53 3.53" />
    </Outline>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M2.04 12.32a1 1 0 0 1 0-.64C3.42 7.51 7.36 4.5 12 4.5c4.64 0 8.57 3 9.96 7.18.07.2.07.43 0 .64C20.58 16.49 16.64 19.5 12 19.5c-4.64 0-8.57-3-9.96-7.18Z" />
      <circle cx="12" cy="12" r="3" />
    </Outline>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="5.5" cy="12" r="1.4" fill="currentColor" stroke="none" />
      <circle cx="12" cy="12" r="1.4" fill="currentColor" stroke="none" />
      <circle cx="18.5" cy="12" r="1.4" fill="currentColor" stroke="none" />
    </Outline>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3.75 6.75h16.5M3.75 12h16.5M3.75 17.25h16.5" />
    </Outline>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.5 20.12a7.5 7.5 0 0 1 15 0A17.9 17.9 0 0 1 12 21.75c-2.68 0-5.22-.58-7.5-1.63Z" />
    </Outline>
  );
}

export function CogIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9.59 3.94c.09-.54.56-.94 1.11-.94h2.6c.55 0 1.02.4 1.11.94l.21 1.28c.07.42.37.76.76.93.39.16.84.14 1.19-.1l1.06-.76a1.13 1.13 0 0 1 1.45.12l1.84 1.84c.39.39.44 1 .12 1.45l-.76 1.06c-.24.35-.26.8-.1 1.19.17.39.51.69.93.76l1.28.21c.54.09.94.56.94 1.11v2.6c0 .55-.4 1.02-.94 1.11l-1.28.21c-.42.07-.76.37-.93.76-.16.39-.14.84.1 1.19l.76 1.06c.32.45.27 1.06-.12 1.45l-1.84 1.84c-.39.39-1 .44-1.45.12l-1.06-.76a1.26 1.26 0 0 0-1.19-.1c-.39.17-.69.51-.76.93l-.21 1.28c-.09.54-.56.94-1.11.94h-2.6c-.55 0-1.02-.4-1.11-.94l-.21-1.28a1.26 1.26 0 0 0-.76-.93 1.26 1.26 0 0 0-1.19.1l-1.06.76c-.45.32-1.06.27-1.45-.12l-1.84-1.84a1.13 1.13 0 0 1-.12-1.45l.76-1.06c.24-.35.26-.8.1-1.19a1.26 1.26 0 0 0-.93-.76l-1.28-.21A1.13 1.13 0 0 1 3 13.3v-2.6c0-.55.4-1.02.94-1.11l1.28-.21c.42-.07.76-.37.93-.76.16-.39.14-.84-.1-1.19l-.76-1.06a1.13 1.13 0 0 1 .12-1.45l1.84-1.84c.39-.39 1-.44 1.45-.12l1.06.76c.35.24.8.26 1.19.1.39-.17.69-.51.76-.93l.21-1.28Z" />
      <circle cx="12" cy="12" r="3" />
    </Outline>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M15.75 9V5.25A2.25 2.25 0 0 0 13.5 3h-6a2.25 2.25 0 0 0-2.25 2.25v13.5A2.25 2.25 0 0 0 7.5 21h6a2.25 2.25 0 0 0 2.25-2.25V15m3 0 3-3m0 0-3-3m3 3H9" />
    </Outline>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m16.86 4.49 1.69-1.69a1.88 1.88 0 1 1 2.65 2.65L10.58 16.07a4.5 4.5 0 0 1-1.9 1.13L6 18l.8-2.68a4.5 4.5 0 0 1 1.13-1.9l8.93-8.93Zm0 0L19.5 7.13" />
    </Outline>
  );
}

export function OfflineIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3 3l18 18M8.1 8.2A11.9 11.9 0 0 0 2.3 10.6M12 6.75c3.9 0 7.35 1.6 9.7 4.1M5.6 13.9a8.6 8.6 0 0 1 5-2.4M18.4 13.9a8.6 8.6 0 0 0-1.9-1.3M9 17.1a4.4 4.4 0 0 1 6 0M12 20.25h.01" />
    </Outline>
  );
}

/** Block: a circle struck through. */
export function BlockIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M18.36 5.64A9 9 0 1 1 5.64 18.36 9 9 0 0 1 18.36 5.64Zm0 0L5.64 18.36" />
    </Outline>
  );
}

/** Report: a flag. */
export function FlagIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3.75 21V4.5m0 0 2.77-.7a9 9 0 0 1 6.09.7l.1.05a9 9 0 0 0 6.2.68l2.98-.74v10.51l-2.98.74a9 9 0 0 1-6.2-.68l-.1-.05a9 9 0 0 0-6.09-.7l-2.77.7" />
    </Outline>
  );
}

export function ComputerIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9 17.25v1.01a2.25 2.25 0 0 1-.66 1.59L7.5 20.7h9l-.84-.84a2.25 2.25 0 0 1-.66-1.6v-1.01M21 5.25v10.5a1.5 1.5 0 0 1-1.5 1.5h-15a1.5 1.5 0 0 1-1.5-1.5V5.25a1.5 1.5 0 0 1 1.5-1.5h15a1.5 1.5 0 0 1 1.5 1.5Z" />
    </Outline>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M10.5 19.5h3M8.25 21.75h7.5a2.25 2.25 0 0 0 2.25-2.25v-15a2.25 2.25 0 0 0-2.25-2.25h-7.5A2.25 2.25 0 0 0 6 4.5v15a2.25 2.25 0 0 0 2.25 2.25Z" />
    </Outline>
  );
}
