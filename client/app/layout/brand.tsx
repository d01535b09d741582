import { Link } from 'wouter';

export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2.5 rounded-md" aria-label="Roomstage home">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path d="M7 23V14l9-6 9 6v9h-6v-5h-6v5z" fill="#fff" />
        <rect x="9" y="21" width="14" height="2" rx="1" className="fill-brand-accent" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-lg font-bold tracking-tight text-foreground">Roomstage</span>
        <span className="text-[11px] font-medium uppercase tracking-[0.14em] text-muted-foreground">
          Virtual Staging
        </span>
      </span>
    </Link>
  );
}
