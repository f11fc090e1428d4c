import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { PrefetchPageLinks, useMatches, useNavigate } from 'react-router';
import { usePrefetchMode } from '#app/components/SiteLink.tsx';
import { isHydrated } from '#app/shell/hydration.ts';

type Tag = 'section' | 'div' | 'footer';

/** The internal page an anchor inside `container` leads to, when a click on it may open it client-side. */
function clientTarget(anchor: HTMLAnchorElement | null, container: Element): string | null {
  if (!anchor || !container.contains(anchor) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link to a place on this very page is the browser's to follow.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url.pathname + url.search + url.hash;
}

function anchorOf(event: { target: EventTarget }): HTMLAnchorElement | null {
  return event.target instanceof Element ? event.target.closest('a') : null;
}

/** Every route's loader data, in order: what the server rendered the page from, or newer. */
function useRouteData(): unknown[] {
  return useMatches().map((match) => match.loaderData);
}

function sameItems(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * A part of a public page that the browser never changes by itself (no form, no state): React does not hydrate it
 * and keeps the server's HTML as it is (ADR 51 in docs/decisions). Hydration then costs nothing for it: its
 * components are not even run on the first render in the browser.
 *
 * It is rendered normally (`children`) on the server, on every render after a client-side navigation, and as soon
 * as the data of any route of the page differs from what the server rendered (another gym chosen, a form's
 * revalidation): the kept HTML is then replaced by a fresh render.
 *
 * While kept, its internal links still open client-side (a click is handed to the router) and prefetch on intent
 * like `SiteLink`, as the links React renders do.
 */
export function ServerHtml({
  as: Element = 'div',
  className,
  children,
  ...attributes
}: {
  as?: Tag;
  className?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
}) {
  const id = useId();
  const data = useRouteData();
  // Only a component rendered while the page hydrates keeps the server's HTML: its first render's data is kept.
  const [serverData] = useState(() => (typeof document === 'undefined' || isHydrated() ? null : data));
  // React reads the HTML only if it creates the element itself (a hydration that falls back to a client render):
  // the server's element, still in the document then, gives it; a successful hydration reads nothing.
  const [serverHtml] = useState(() => ({
    __html: { toString: () => document.getElementById(id)?.innerHTML ?? '' } as unknown as string,
  }));
  const navigate = useNavigate();
  const prefetch = usePrefetchMode();
  const [intent, setIntent] = useState<string | null>(null);

  if (!serverData || !sameItems(serverData, data)) {
    return (
      <Element id={id} className={className} {...attributes}>
        {children}
      </Element>
    );
  }

  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A click the browser should handle itself: a new tab or window, a download, another button.
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const to = clientTarget(anchorOf(event), event.currentTarget);
    if (!to) return;
    event.preventDefault();
    void navigate(to);
  };
  const onIntent = (event: { target: EventTarget; currentTarget: Element }) => {
    if (prefetch !== 'intent') return;
    const to = clientTarget(anchorOf(event), event.currentTarget);
    setIntent(to ? new URL(to, window.location.origin).pathname : null);
  };
  return (
    <>
      <Element
        id={id}
        className={className}
        {...attributes}
        onClick={onClick}
        onMouseOver={onIntent}
        onFocus={onIntent}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own HTML of this element, kept as it is
        dangerouslySetInnerHTML={serverHtml}
      />
      {intent ? <PrefetchPageLinks page={intent} /> : null}
    </>
  );
}
