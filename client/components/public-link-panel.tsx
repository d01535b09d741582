import { useId, useState } from 'react';
import { Copy, ExternalLink, Globe, Loader2 } from 'lucide-react';
import { LINK_KEEPS_ORIGINALS } from '#shared/constants/disclosure.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { usePublicLink, usePublicLinkActions, type PublicLinkTarget } from '#client/lib/public-links.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: err instanceof Error ? err.message : String(err), variant: 'destructive' });

/**
 * "Public original page": turn on a page anyone can open (the original beside the staged photo, with the
 * disclosure), copy its link, let search engines in, keep it longer, or revoke it.
 */
export function PublicLinkPanel({ target }: { target: PublicLinkTarget }) {
  const ids = useId();
  const state = usePublicLink(target);
  const actions = usePublicLinkActions(target);
  const [title, setTitle] = useState('');
  const link = state.data?.link ?? null;
  const what = target.kind === 'photo' ? 'this photo' : 'this listing';

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: url });
    } catch {
      toast({ title: 'Copy the link from the box', description: url });
    }
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="grid gap-3 rounded-lg border p-3 sm:p-4"
      data-testid="public-link-panel"
    >
      <h3 id={`${ids}-title`} className="flex items-center gap-2 font-semibold">
        <Globe className="size-4" aria-hidden /> Public original page
      </h3>
      {state.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : !link ? (
        <>
          <p className="text-sm text-muted-foreground">
            A page anyone can open without an account, showing the original photo of {what} beside the staged
            one, with the disclosure that listing rules ask for. Print its link or QR code on the image.
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-listing`}>Listing title or address (optional, shown on the page)</Label>
            <Input
              id={`${ids}-listing`}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={actions.enable.isPending}
            onClick={() =>
              actions.enable.mutate(
                { listingTitle: title || null },
                {
                  onSuccess: (l) => toast({ title: 'Public page is on', description: l.notice }),
                  onError: failed('Could not turn on the page'),
                },
              )
            }
          >
            {actions.enable.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Turn on public page
          </Button>
        </>
      ) : (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-url`}>Link to the original</Label>
            <div className="flex gap-2">
              <Input
                id={`${ids}-url`}
                readOnly
                value={link.url}
                onFocus={(e) => e.target.select()}
                className="min-w-0"
                data-testid="public-link-url"
              />
              <Button variant="outline" onClick={() => void copy(link.url)} aria-label="Copy link">
                <Copy aria-hidden />
                <span className="hidden sm:inline">Copy</span>
              </Button>
            </div>
          </div>
          <p className="text-xs text-muted-foreground">
            {LINK_KEEPS_ORIGINALS} Kept until at least {day(link.keepUntil)}.
          </p>
          <div className="flex items-start gap-3">
            <input
              id={`${ids}-index`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={link.indexable}
              disabled={actions.setIndexable.isPending}
              onChange={(e) =>
                actions.setIndexable.mutate(
                  { id: link.id, indexable: e.target.checked },
                  { onError: failed('Could not change the setting') },
                )
              }
            />
            <Label htmlFor={`${ids}-index`} className="font-normal">
              Let search engines list this page
            </Label>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={link.url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden /> Open page
              </a>
            </Button>
            <Button
              variant="outline"
              disabled={actions.extend.isPending}
              onClick={() =>
                actions.extend.mutate(link.id, {
                  onSuccess: (l) =>
                    toast({ title: 'Page kept longer', description: `Until ${day(l.keepUntil)}` }),
                  onError: failed('Could not keep the page longer'),
                })
              }
            >
              Keep longer
            </Button>
            <Button
              variant="destructive"
              disabled={actions.revoke.isPending}
              onClick={() =>
                actions.revoke.mutate(link.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Public page revoked',
                      description: 'The link now says the image was withdrawn.',
                    }),
                  onError: failed('Could not revoke the page'),
                })
              }
            >
              Revoke link
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
